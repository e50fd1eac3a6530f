import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { questions, remoteQuestions, remoteReactions } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { RetryLaterError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { consumeRateLimit } from '../../rateLimit.js';
import { decideFor, deliverQuestion } from '../../features/asking/pipeline.js';
import { domainOf, saveRemoteActor, type RemoteActorClaims } from '../actors/remoteActors.js';

/**
 * Questions from the fediverse (decision 300): a post on another server that mentions a local
 * user with a public profile becomes a named question in their inbox, and likes and boosts of
 * answers from there are counted. Whatever happens here, the remote server is answered the same
 * (202, no activity back), so a block, a muted word or a rate limit is never seen from outside.
 */

export type PostVisibility = 'public' | 'unlisted' | 'followers' | 'direct';

export interface RemotePost {
  receiverId: string;
  asker: RemoteActorClaims;
  postUri: string;
  text: string;
  visibility: PostVisibility;
}

const WINDOW_SECONDS = 600;

/** Per remote account (as a local asker: QUESTION_RATE_LIMIT) and per remote server, both per 10 minutes. */
export const remoteRateLimitKey = {
  account: (actorUri: string) => `remote-question:${actorUri}`,
  server: (domain: string) => `remote-question-server:${domain}`,
};

/**
 * 'asked', 'filtered' (kept in the receiver's Filtered folder) or 'dropped', for reasons the asker
 * must not learn (nothing else differs). It asks through the one way of asking (features/asking):
 * every refusal there (a paused inbox; a block of the account or of its whole server; 'Who may ask
 * me' other than everyone, decision 302) is a drop here, as the remote asker is never told.
 */
export async function receiveRemoteQuestion(ctx: AppContext, post: RemotePost): Promise<'asked' | 'filtered' | 'dropped'> {
  if (!post.text) return 'dropped';
  const domain = domainOf(post.asker.uri);
  try {
    await consumeRateLimit(ctx.db, remoteRateLimitKey.account(post.asker.uri), ctx.config.rateLimits.questionsPer10Min, WINDOW_SECONDS);
    await consumeRateLimit(ctx.db, remoteRateLimitKey.server(domain), ctx.config.remoteQuestionsPerServerPer10Min, WINDOW_SECONDS);
  } catch (error) {
    if (error instanceof RetryLaterError) return 'dropped';
    throw error;
  }
  const asker = { kind: 'remote', actorUri: post.asker.uri, domain } as const;
  const goesTo = await decideFor(ctx.db, {
    channel: 'fediverse',
    asker,
    receiverId: post.receiverId,
    text: post.text,
    isAnonymous: false,
    now: ctx.clock.now(),
  });
  if (goesTo !== 'inbox' && goesTo !== 'filtered') return 'dropped';
  try {
    return await ctx.db.transaction(async (tx) => {
      const actor = await saveRemoteActor(tx, post.asker);
      if (!actor) throw new NotAsked();
      const remote = { actorUri: actor.uri, handle: actor.handle, name: actor.name, domain, postUri: post.postUri, visibility: post.visibility };
      const question = {
        id: crypto.randomUUID(),
        senderId: null,
        receiverId: post.receiverId,
        text: post.text,
        isAnonymous: false,
        createdAt: new Date(),
        remote,
      };
      if (!(await deliverQuestion(tx, ctx, 'fediverse', question, goesTo))) throw new NotAsked();
      return goesTo === 'inbox' ? 'asked' : 'filtered';
    });
  } catch (error) {
    if (error instanceof NotAsked) return 'dropped';
    throw error;
  }
}

/** Rolls back a question that turned out not to be one (an actor not fit to keep, a post already received). */
class NotAsked extends Error {}

/** Who asked a question from afar and where (null for a local question). */
export async function remoteAskerOf(db: DbOrTx, questionId: string) {
  const [row] = await db.select().from(remoteQuestions).where(eq(remoteQuestions.questionId, questionId)).limit(1);
  return row ?? null;
}

/**
 * A remote Like or Announce of an answer (`questionId`), once per actor: a like is added to the
 * answer's like counter in the same transaction, and its owner is told who liked it from where.
 * Returns whether it is new.
 */
export async function addRemoteReaction(
  ctx: AppContext,
  reaction: { questionId: string; actorUri: string; kind: 'like' | 'announce'; activityId: string | null },
  handle: string,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [answer] = await tx
      .select({ receiverId: questions.receiverId })
      .from(questions)
      .where(and(eq(questions.id, reaction.questionId), eq(questions.answered, true)))
      .for('update');
    if (!answer) return false;
    const added = await tx.insert(remoteReactions).values(reaction).onConflictDoNothing().returning({ id: remoteReactions.questionId });
    if (added.length === 0) return false;
    // its count goes through the likes' pending changes (a trigger on remote_reactions), as a like here does
    if (reaction.kind === 'like') {
      await events.emit(tx, ctx, {
        type: 'remoteLiked',
        answerId: reaction.questionId,
        receiverId: answer.receiverId,
        actorUri: reaction.actorUri,
        handle,
        at: new Date(),
      });
    }
    return true;
  });
}

/** Undo of a remote Like or Announce, matched by its actor and the activity id (or the answer it was about). */
export async function removeRemoteReaction(
  ctx: AppContext,
  undo: { actorUri: string; kind: 'like' | 'announce'; activityId: string | null; questionId: string | null },
): Promise<void> {
  if (!undo.activityId && !undo.questionId) return;
  await ctx.db.transaction(async (tx) => {
    const removed = await queryRows<{ questionId: string }>(
      tx,
      sql`delete from remote_reactions
          where actor_uri = ${undo.actorUri} and kind = ${undo.kind}
            and (${undo.activityId}::text is not null and activity_id = ${undo.activityId} or question_id = ${undo.questionId})
          returning question_id as "questionId"`,
    );
    if (undo.kind !== 'like') return;
    for (const { questionId } of removed) {
      await events.emit(tx, ctx, { type: 'remoteUnliked', answerId: questionId, actorUri: undo.actorUri });
    }
  });
}

/** How many times an answer was boosted from other servers (stored and counted; not shown yet, decision 303). */
export async function boostCount(db: DbOrTx, questionId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from remote_reactions where question_id = ${questionId} and kind = 'announce'`,
  );
  return Number(row?.n ?? 0);
}
