import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { FOLLOWER_QUESTIONS_PER_DAY } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { followerQuestionSends } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { notSuspended } from '../visibility/index.js';
import { deliverQuestionToSet, setIdPrefix } from '../asking/pipeline.js';

const DAY_SECONDS = 86_400;

/**
 * 'Ask my followers' (decision 311): one question, anonymous or named, to everyone who follows the
 * sender and keeps 'Questions asked to all followers' on. The request only counts the sender's
 * daily limit and queues ONE row (follower_question_sends); the fan-out (`fanOutFollowerQuestion`)
 * runs in a worker after the answer. So the answer is the same bytes, and takes the same time,
 * whoever follows the sender and whatever they chose: work that grew with the followers reached
 * told its sender, by the time it took, how many their question reached.
 */
export async function askMyFollowers(ctx: AppContext, senderId: string, input: { text: string; isAnonymous: boolean }): Promise<void> {
  await consumeRateLimit(ctx.db, accountRateLimitKey.followersQuestion(senderId), FOLLOWER_QUESTIONS_PER_DAY, DAY_SECONDS);
  await ctx.db.insert(followerQuestionSends).values({ id: crypto.randomUUID(), senderId, text: input.text, isAnonymous: input.isAnonymous });
}

/**
 * Fans one queued question out to the sender's followers, in one transaction that also removes the
 * queued row (so a crash either leaves it to do again or has done it all, never twice), and in one
 * statement whatever their number (deliverQuestionToSet, decision 368). Every receiver rule applies per
 * follower, as to a question asked on their profile: a refusal (paused inbox, a block either way,
 * anonymous refused, 'Who may ask me', the follower's own 'Questions asked to all followers')
 * leaves that follower out; a quiet asker block or a muted word drops it (or keeps it in Filtered).
 * The sender's own record has one entry per follower (its id is the question's, so an answer is
 * found), written the same whether the question reached them, was dropped or left out, so it
 * tells nothing either. The channels are told once, for the set.
 */
export async function fanOutFollowerQuestion(ctx: AppContext, sendId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [send] = await tx.delete(followerQuestionSends).where(eq(followerQuestionSends.id, sendId)).returning();
    if (!send) return; // done by another worker meanwhile
    const { senderId, text, isAnonymous, createdAt } = send;
    const { written } = await deliverQuestionToSet(tx, {
      channel: 'followers',
      facts: {
        asker: { kind: 'account', id: senderId },
        receivers: sql`u.id in (select f.follower_id from follows f where f.followee_id = ${senderId}) and u.id <> ${senderId} and ${notSuspended(sql`u.id`)}`,
        takesChannel: sql`u.follower_questions`,
        now,
      },
      question: { senderId, text, isAnonymous, isGlobal: false, toFollowers: true, createdAt },
      idPrefix: setIdPrefix(createdAt),
      senderRecords: true,
    });
    if (written > 0) await events.emit(tx, ctx, { type: 'followerQuestionSent', senderId, text, isAnonymous, at: createdAt });
  });
}
