import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { FOLLOWER_QUESTIONS_PER_DAY } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { followerQuestionSends, sentQuestions } from '../../db/schema/index.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { deliveryFor, notSuspended, receiverFacts } from '../visibility/index.js';
import { deliverQuestion } from '../asking/pipeline.js';

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
 * queued row (so a crash either leaves it to do again or has done it all, never twice). Every
 * receiver rule applies per follower, as to a question asked on their profile: a refusal (paused
 * inbox, a block either way, anonymous refused, 'Who may ask me') leaves that follower out; a quiet
 * asker block or a muted word drops it (or keeps it in Filtered). The sender's own record has one
 * entry per follower addressed (its id is the question's, so an answer is found), written the same
 * whether the question reached them, was dropped or left out, so it tells nothing either.
 */
export async function fanOutFollowerQuestion(ctx: AppContext, sendId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [send] = await tx.delete(followerQuestionSends).where(eq(followerQuestionSends.id, sendId)).returning();
    if (!send) return; // done by another worker meanwhile
    const { senderId, text, isAnonymous, createdAt } = send;
    // every follower's facts in one statement, decided by the same rules as a profile's ask box
    const followers = await receiverFacts(tx, {
      asker: { kind: 'account', id: senderId },
      receivers: sql`u.id in (select f.follower_id from follows f where f.followee_id = ${senderId}) and u.id <> ${senderId} and ${notSuspended(sql`u.id`)}`,
      takesChannel: sql`u.follower_questions`,
      now,
    });
    if (followers.length === 0) return;
    const addressed = followers.map((facts) => ({
      question: { id: crypto.randomUUID(), senderId, receiverId: facts.receiverId, text, isAnonymous, createdAt, toFollowers: true },
      goesTo: deliveryFor('followers', { text, isAnonymous, toSelf: false }, facts),
    }));
    await tx.insert(sentQuestions).values(addressed.map(({ question: { toFollowers: _, ...record } }) => record));
    for (const { question, goesTo } of addressed) {
      // a refusal leaves that follower out, as a drop does: nothing but the sender's record
      if (typeof goesTo !== 'object') await deliverQuestion(tx, ctx, 'followers', question, goesTo);
    }
  });
}
