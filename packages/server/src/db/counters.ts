import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './open.js';
import { queryRows } from './sql.js';

/**
 * Profile counters (user_stats) and like counts (questions.like_count) are kept exact by triggers
 * (migration 0006, decision 142). This recounts them all from the tables: for data loaded with
 * triggers off (the benchmark's seed) or an operator's peace of mind (`npm run cli -- recount`).
 */
export async function recountCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`select askbox_recount_counters()`);
}

/**
 * A question's exact like count: its stored `like_count` plus the changes of likes that found its
 * row held by another like and did not wait (like_count_changes, decision 199). `id` and `stored`
 * are the question's columns in the caller's query.
 */
export function exactLikeCount(id: SQL, stored: SQL): SQL {
  return sql`(${stored} + coalesce((select sum(c.n) from like_count_changes c where c.question_id = ${id}), 0))::int`;
}

/** An account's exact likes received: `user_stats.likes_received` plus the changes not folded into it yet. */
export function exactLikesReceived(userId: SQL, stored: SQL): SQL {
  return sql`(${stored} + coalesce((select sum(c.n) from like_count_changes c where c.receiver_id = ${userId}), 0))::int`;
}

/** Moves pending like-count changes into the stored counts; returns how many it moved (0 while another instance folds). */
export async function foldLikeCounts(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ moved: number }>(db, sql`select askbox_fold_like_counts() as moved`);
  return Number(row?.moved ?? 0);
}

/** How often the pending changes are folded: often enough that a hot answer's list of them stays short. */
export const LIKE_COUNT_FOLD_MS = 250;
