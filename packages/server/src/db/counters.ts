import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './open.js';
import type { FastifyBaseLogger } from 'fastify';
import { createRunner, type Runner } from '../outbox/runner.js';
import { queryRows } from './sql.js';

/**
 * Profile counters (user_stats) and like counts (questions.like_count) are kept exact by triggers
 * (migration 0006, decision 142; likes through pending changes, migration 0015, decision 199). This recounts them all from the tables: for data loaded with
 * triggers off (the benchmark's seed) or an operator's peace of mind (`npm run cli -- recount`).
 */
export async function recountCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`select askbox_recount_counters()`);
}

/**
 * A question's exact like count: its stored `like_count` plus the likes' changes not folded into it
 * yet (like_count_changes, decision 199). `id` and `stored` are the question's columns in the
 * caller's query.
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
/**
 * How often, at most, the table of changes is vacuumed once changes were folded. Often, since the
 * planner sees the table as it was at the last vacuum: a count's probe of it planned while it was
 * nearly empty reads it whole until the next vacuum updates its size (decision 199).
 */
const VACUUM_CHANGES_MS = 1_000;

/**
 * The fold as the server runs it: folds, and every few seconds in which changes were folded
 * vacuums their table. Every change is a row inserted and soon deleted, and a count reads the
 * index of a popular answer's changes: left to autovacuum (which the embedded database lacks and
 * a server may run rarely or not at all), its dead entries made every like slower (measured:
 * 1,208 toggles/s with tens of thousands of dead rows, 1,395 vacuumed every 2 s). SKIP_LOCKED:
 * an instance never waits for another's vacuum.
 */
export function likeCountFolder(db: DbOrTx, now: () => number = Date.now): () => Promise<number> {
  let foldedSinceVacuum = false;
  let lastVacuum = now();
  return async () => {
    const moved = await foldLikeCounts(db);
    foldedSinceVacuum ||= moved > 0;
    if (foldedSinceVacuum && now() - lastVacuum >= VACUUM_CHANGES_MS) {
      await db.execute(sql`vacuum (skip_locked) like_count_changes`);
      foldedSinceVacuum = false;
      lastVacuum = now();
    }
    return moved;
  };
}

/** The server's fold, every `everyMs` (LIKE_COUNT_FOLD_MS): owned by its context, started and stopped with the server. */
export function createLikeCountFold(db: DbOrTx, log: FastifyBaseLogger, everyMs = LIKE_COUNT_FOLD_MS): Runner {
  return createRunner({ name: 'like count fold', pollMs: everyMs, log, batch: Infinity, runPass: likeCountFolder(db) });
}
