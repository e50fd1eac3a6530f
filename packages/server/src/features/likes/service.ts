import { sql } from 'drizzle-orm';
import type { DomainEventOf, LikeState } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { exactLikeCount } from '../../db/counters.js';
import type { DbOrTx } from '../../db/open.js';
import { Batcher } from '../../db/batcher.js';
import { run, statement } from '../../db/statements.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { visibleAuthor } from '../visibility/index.js';
import { runtimeSlot } from '../../runtime.js';

/** One click: like (or unlike) an answer. */
interface Toggle {
  viewerId: string;
  questionId: string;
  liking: boolean;
  at: string;
}

/** What a batch says of each of its clicks; no row when the answer does not exist (or is not answered). */
interface ToggleRow {
  i: number;
  receiverId: string;
  /** no block between the viewer and the answer's owner (or it is the viewer's own answer) */
  allowed: boolean;
  /** a like was really added, or really removed */
  changed: boolean;
  /** the answer's exact count once the batch is committed (decision 199's pending changes included) */
  likeCount: number;
}

const batchViewer = sql`b.user_id`;
/**
 * Every click of a batch in one statement (decision 200): the likes added and removed, each
 * checked against the answer and the block rules, and each answer's count after all of them. The
 * count before is read in the statement's snapshot; the likes trigger appends the batch's changes
 * when the statement ends (decision 199), so before + this batch's changes is the count it leaves.
 * Inserts go in key order, as concurrent batches of other instances do.
 */
const toggleLikes = statement<ToggleRow, { viewerIds: string[]; questionIds: string[]; liking: boolean[]; ats: string[] }>(
  'like_toggles',
  sql`with t as (
        select b.i, b.user_id, b.question_id, b.liking, b.at, q.receiver_id,
               (q.receiver_id = ${batchViewer} or ${visibleAuthor(batchViewer, sql`q.receiver_id`)}) as allowed,
               ${exactLikeCount(sql`q.id`, sql`q.like_count`)} as count_before
        from unnest(${sql.placeholder('viewerIds')}::text[], ${sql.placeholder('questionIds')}::text[],
                    ${sql.placeholder('liking')}::boolean[], ${sql.placeholder('ats')}::timestamptz[])
             with ordinality as b(user_id, question_id, liking, at, i)
        join questions q on q.id = b.question_id and q.answered
      ), added as (
        insert into likes (user_id, question_id, created_at)
        select user_id, question_id, at from t where liking and allowed order by question_id, user_id
        on conflict do nothing
        returning user_id, question_id
      ), removed as (
        delete from likes l using t
        where not t.liking and t.allowed and l.user_id = t.user_id and l.question_id = t.question_id
        returning l.user_id, l.question_id
      ), changes as (
        select user_id, question_id, 1 as n from added union all select user_id, question_id, -1 from removed
      )
      select t.i::int as i, t.receiver_id as "receiverId", t.allowed,
             exists (select 1 from changes c where c.user_id = t.user_id and c.question_id = t.question_id) as changed,
             t.count_before + coalesce((select sum(c.n) from changes c where c.question_id = t.question_id), 0)::int as "likeCount"
      from t`,
);

const DEADLOCK_DETECTED = '40P01';

/**
 * One batch of clicks; a click without a row was on no answer. A batch holds several answers'
 * rows at once, so it can deadlock with a transaction that takes them in another order (an
 * account's deletion, another instance's batch); PostgreSQL then cancels one of the two, and a
 * cancelled batch runs once more.
 */
async function runToggles(db: DbOrTx, toggles: Toggle[], retried = false): Promise<(ToggleRow | null)[]> {
  const args = {
    viewerIds: toggles.map((t) => t.viewerId),
    questionIds: toggles.map((t) => t.questionId),
    liking: toggles.map((t) => t.liking),
    ats: toggles.map((t) => t.at),
  };
  let rows: ToggleRow[];
  try {
    rows = await run(db, toggleLikes, args);
  } catch (error) {
    if (retried || (error as { code?: string }).code !== DEADLOCK_DETECTED) throw error;
    return runToggles(db, toggles, true);
  }
  const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
  return toggles.map((_, index) => byIndex.get(index + 1) ?? null);
}

/**
 * A batch as the batcher runs it: the clicks written, then, once that statement has committed
 * (decision 184), one `likesToggled` event for the batch: the likes really added to someone
 * else's answer and the likes really removed (each channel handles the batch in one statement).
 */
async function writeBatch(ctx: AppContext, toggles: Toggle[]): Promise<(ToggleRow | null)[]> {
  const rows = await runToggles(ctx.db, toggles);
  const event: DomainEventOf<'likesToggled'> = { type: 'likesToggled', liked: [], unliked: [] };
  toggles.forEach((toggle, i) => {
    const row = rows[i];
    if (!row?.changed) return;
    const like = { likerId: toggle.viewerId, answerId: toggle.questionId };
    if (!toggle.liking) event.unliked.push(like);
    else if (row.receiverId !== toggle.viewerId) event.liked.push({ ...like, at: new Date(toggle.at) });
  });
  if (event.liked.length > 0 || event.unliked.length > 0) await events.emit(ctx.db, ctx, event);
  return rows;
}

/** The context's batcher of clicks: one viewer's clicks on one answer run one after the other. */
const batcherSlot = runtimeSlot<Batcher<Toggle, ToggleRow | null>>('like batcher');
function batcherOf(ctx: AppContext): Batcher<Toggle, ToggleRow | null> {
  return ctx.runtime.of(batcherSlot, () => new Batcher({ key: (t: Toggle) => `${t.viewerId}:${t.questionId}`, run: (toggles) => writeBatch(ctx, toggles) }));
}

/** 404 unless the answer exists and is answered; 403 when a block stands between the viewer and its owner. */
function likeable(row: ToggleRow | null): ToggleRow {
  if (!row) throw new AppError('not_found');
  if (!row.allowed) throw new AppError('forbidden');
  return row;
}

/**
 * Likes an answer. Idempotent: the (question, user) primary key makes a second like a no-op,
 * and only a like that really happened on someone else's answer is part of a `likesToggled` event.
 */
export async function likeAnswer(ctx: AppContext, viewerId: string, questionId: string): Promise<LikeState> {
  const row = likeable(await batcherOf(ctx).submit({ viewerId, questionId, liking: true, at: new Date().toISOString() }));
  // not changed: already liked (fine)
  return { likeCount: Number(row.likeCount), liked: true };
}

/** Removes the viewer's like; unliking twice is a no-op. A like undone at once sends no push (decisions 110, 184). */
export async function unlikeAnswer(ctx: AppContext, viewerId: string, questionId: string): Promise<LikeState> {
  const row = likeable(await batcherOf(ctx).submit({ viewerId, questionId, liking: false, at: new Date().toISOString() }));
  // a like that was not there (never, or removed by a concurrent click) leaves the viewer not liking
  return { likeCount: Number(row.likeCount), liked: false };
}
