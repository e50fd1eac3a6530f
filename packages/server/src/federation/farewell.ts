import { Delete, importJwk, PUBLIC_COLLECTION, type Context } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { federationFarewells } from '../db/schema/index.js';
import { claimDue, retryLater } from '../outbox/outbox.js';
import { postSigned } from './deliver.js';
import type { WorkerOptions } from './worker.js';

/** A claimed row of federation_farewells. */
interface FarewellRow {
  id: string;
  actor_uri: string;
  key_id: string;
  private_key: Parameters<typeof importJwk>[0];
  inbox_url: string;
  attempts: number;
}

/** "This actor is gone": the Delete Mastodon and others act on, whose object is the actor itself. */
const actorDelete = (actorUri: string) =>
  new Delete({ id: new URL(`${actorUri}#delete`), actor: new URL(actorUri), object: new URL(actorUri), to: PUBLIC_COLLECTION });

/**
 * Sends the actor Deletes of deleted accounts (decision 131), claimed like every outbox (SKIP
 * LOCKED plus a lease). A row is removed once delivered, refused for good, or out of attempts:
 * the private key and actor URI it carries are the last trace of the account.
 */
export async function runFarewellBatch(db: Db, fctx: Context<void>, options: WorkerOptions): Promise<number> {
  const rows = await claimDue<FarewellRow>(db, federationFarewells, { maxAttempts: options.maxAttempts });
  const forget = (id: string) => db.execute(sql`delete from federation_farewells where id = ${id}`);
  for (const row of rows) {
    const outcome = await (async () => {
      const privateKey = await importJwk(row.private_key, 'private');
      return postSigned(fctx, actorDelete(row.actor_uri), row.inbox_url, { privateKey, keyId: new URL(row.key_id) }, options.allow);
    })().catch((error: unknown) => ({ retry: error instanceof Error ? error.message : String(error) }));
    if (outcome === 'sent' || 'failed' in outcome || row.attempts >= options.maxAttempts) {
      await forget(row.id);
      if (outcome !== 'sent') options.log?.warn({ inbox: row.inbox_url, outcome }, 'actor Delete of a deleted account not delivered; given up');
    } else {
      await retryLater(db, federationFarewells, row.id, row.attempts, outcome.retry);
    }
  }
  return rows.length;
}
