import { sql } from 'drizzle-orm';
import type { DbOrTx } from './open.js';

/**
 * Profile counters (user_stats) and like counts (questions.like_count) are kept exact by triggers
 * (migration 0006, decision 142). This recounts them all from the tables: for data loaded with
 * triggers off (the benchmark's seed) or an operator's peace of mind (`npm run cli -- recount`).
 */
export async function recountCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`select askbox_recount_counters()`);
}
