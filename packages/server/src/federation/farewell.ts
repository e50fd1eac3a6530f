import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { federationFarewells } from '../db/schema/index.js';
import { claimDue, retryLater } from '../outbox/outbox.js';
import type { FarewellRow } from './deliver.js';
import type { WorkerOptions } from './worker.js';

/**
 * Sends the actor Deletes of deleted accounts (decision 131), claimed like every outbox (SKIP
 * LOCKED plus a lease). A row is removed once delivered, refused for good, or out of attempts:
 * the private key and actor URI it carries are the last trace of the account.
 */
export async function runFarewellBatch(db: Db, options: WorkerOptions): Promise<number> {
  const rows = await claimDue<FarewellRow>(db, federationFarewells, { maxAttempts: options.maxAttempts });
  const forget = (id: string) => db.execute(sql`delete from federation_farewells where id = ${id}`);
  for (const row of rows) {
    const outcome = await options
      .engine()
      .then((engine) => engine.sayFarewell(row))
      .catch((error: unknown) => ({ retry: error instanceof Error ? error.message : String(error) }));
    if (outcome === 'sent' || 'failed' in outcome || row.attempts >= options.maxAttempts) {
      await forget(row.id);
      if (outcome !== 'sent') options.log?.warn({ inbox: row.inbox_url, outcome }, 'actor Delete of a deleted account not delivered; given up');
    } else {
      await retryLater(db, federationFarewells, row.id, row.attempts, outcome.retry);
    }
  }
  return rows.length;
}
