import type { Db } from '../../db/open.js';
import { federationFarewells } from '../../db/schema/index.js';
import { runOutboxBatch } from '../../outbox/batch.js';
import type { FarewellRow } from './deliver.js';
import { outboxOutcomeOf } from './deliveryOutcome.js';
import type { WorkerOptions } from './worker.js';

/**
 * Sends the actor Deletes of deleted accounts (decision 131) through the shared outbox batch. A
 * row is removed once delivered, refused for good, or out of attempts: the private key and actor
 * URI it carries are the last trace of the account.
 */
export function runFarewellBatch(db: Db, options: WorkerOptions): Promise<number> {
  return runOutboxBatch<FarewellRow>(
    {
      db,
      table: federationFarewells,
      name: 'federation farewell',
      maxAttempts: options.maxAttempts,
      leaseSeconds: options.leaseSeconds,
      deleteWhenFinished: true,
      log: options.log,
    },
    async (row) => outboxOutcomeOf(await (await options.engine()).sayFarewell(row)),
  );
}
