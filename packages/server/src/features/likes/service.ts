import { sql } from 'drizzle-orm';
import type { LikeState } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { exactLikeCount } from '../../db/counters.js';
import type { DbOrTx } from '../../db/open.js';
import { run, runOne, statement } from '../../db/statements.js';
import { forbidden, notFound } from '../../http/errors.js';
import { sideEffects } from '../notifications/sideEffects.js';
import { visibleAuthor } from '../visibility/index.js';

const viewer = sql.placeholder('viewerId');
const question = sql.placeholder('questionId');
/** The answer's exact like count as this statement sees it, before its own change (decision 199). */
const likeCount = exactLikeCount(sql`q.id`, sql`q.like_count`);

/** The answer and whether the viewer may like it: answered, and no block between them and its owner. */
const answerForLiking = statement<{ receiverId: string; allowed: boolean }, { viewerId: string; questionId: string }>(
  'like_answer_check',
  sql`select q.receiver_id as "receiverId", (q.receiver_id = ${viewer} or ${visibleAuthor(viewer, sql`q.receiver_id`)}) as allowed
      from questions q where q.id = ${question} and q.answered`,
);

/**
 * Inserts the like when allowed; returns a row only when a like was really added, with the count
 * it makes (the likes trigger appends the same +1 to the pending changes at the end of this
 * statement, decision 199).
 */
const addLike = statement<{ receiverId: string; likeCount: number }, { viewerId: string; questionId: string; at: string }>(
  'like_answer_insert',
  sql`with added as (
        insert into likes (user_id, question_id, created_at)
        select ${viewer}, q.id, ${sql.placeholder('at')}::timestamptz from questions q
        where q.id = ${question} and q.answered and (q.receiver_id = ${viewer} or ${visibleAuthor(viewer, sql`q.receiver_id`)})
        on conflict do nothing
        returning question_id
      )
      select q.receiver_id as "receiverId", ${likeCount} + 1 as "likeCount" from added join questions q on q.id = added.question_id`,
);

/**
 * Removes the like when allowed, and says whether the answer exists and may be (un)liked, whether
 * a like went, and the count that leaves (the trigger appends the same -1 to the pending changes).
 */
const removeLike = statement<{ allowed: boolean; removed: boolean; likeCount: number }, { viewerId: string; questionId: string }>(
  'like_answer_delete',
  sql`with target as (
        select q.id, ${likeCount} as like_count, (q.receiver_id = ${viewer} or ${visibleAuthor(viewer, sql`q.receiver_id`)}) as allowed
        from questions q where q.id = ${question} and q.answered
      ), removed as (
        delete from likes l using target t where l.question_id = t.id and l.user_id = ${viewer} and t.allowed
        returning 1
      )
      select allowed, exists (select 1 from removed) as removed, like_count - (select count(*) from removed) as "likeCount" from target`,
);

/** The exact count: like_count and the changes not folded into it yet (decision 199). */
const likeState = statement<{ likeCount: number; liked: boolean }, { viewerId: string; questionId: string }>(
  'like_answer_state',
  sql`select ${likeCount} as "likeCount", exists (select 1 from likes l where l.question_id = q.id and l.user_id = ${viewer}) as liked
      from questions q where q.id = ${question}`,
);

/** 404 unless the answer exists; 403 when a block stands between the viewer and its owner. */
async function assertLikeable(db: DbOrTx, viewerId: string, questionId: string): Promise<void> {
  const answer = await runOne(db, answerForLiking, { viewerId, questionId });
  if (!answer) throw notFound();
  if (!answer.allowed) throw forbidden();
}

async function likeStateOf(db: DbOrTx, viewerId: string, questionId: string): Promise<LikeState> {
  const row = await runOne(db, likeState, { viewerId, questionId });
  return { likeCount: Number(row?.likeCount ?? 0), liked: Boolean(row?.liked) };
}

/**
 * Likes an answer. Idempotent: the (question, user) primary key makes a second like a no-op,
 * and only a like that really happened on someone else's answer reaches the side effects. The
 * checks ride on the insert itself; only when nothing was inserted do we ask why. No transaction
 * around it (decision 184): the insert is one statement, the side effects one more (a push, when
 * the owner has a device, queues in a transaction of its own while the like row exists).
 */
export async function likeAnswer(ctx: AppContext, viewerId: string, questionId: string): Promise<LikeState> {
  const at = new Date();
  const [added] = await run(ctx.db, addLike, { viewerId, questionId, at: at.toISOString() });
  if (added) {
    if (added.receiverId !== viewerId) await sideEffects.liked(ctx.db, ctx, { likerId: viewerId, questionId, at });
    return { likeCount: Number(added.likeCount), liked: true };
  }
  // nothing inserted: already liked (fine), or not likeable (404/403)
  await assertLikeable(ctx.db, viewerId, questionId);
  return likeStateOf(ctx.db, viewerId, questionId);
}

/** Removes the viewer's like; unliking twice is a no-op. */
export async function unlikeAnswer(ctx: AppContext, viewerId: string, questionId: string): Promise<LikeState> {
  const answer = await runOne(ctx.db, removeLike, { viewerId, questionId });
  // a like undone at once sends no push (decisions 110, 184): dropped once the like row is gone
  if (answer?.removed) await sideEffects.unliked(ctx.db, ctx, { likerId: viewerId, questionId });
  if (!answer) throw notFound();
  if (!answer.allowed) throw forbidden();
  // a like that was not there (never, or removed by a concurrent click) leaves the viewer not liking
  return { likeCount: Number(answer.likeCount), liked: false };
}
