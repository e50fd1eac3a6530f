import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open.js';
import { federationDeliveries } from '../../db/schema/index.js';
import { BATCH, runOutboxBatch } from '../../outbox/batch.js';
import { createRunner, type Runner } from '../../outbox/runner.js';
import type { DeliveryRow } from './deliver.js';
import type { FederationEngine } from '../fedify/engine.js';
import { runFarewellBatch } from './farewell.js';
import { outboxOutcomeOf } from './deliveryOutcome.js';
import type { PostgresKvStore } from '../fedify/kvStore.js';

export interface WorkerOptions {
  maxAttempts: number;
  leaseSeconds?: number;
  /** the engine that builds, signs and sends activities: loaded by the first row there is to send */
  engine: () => Promise<FederationEngine>;
  log?: FastifyBaseLogger;
  /** true while the app answers requests of its own (not federation's): the inbox worker then handles one activity at a time */
  appBusy?: () => boolean;
}

/**
 * One pass over due deliveries (the shared outbox batch): several instances never send one row
 * twice, a crashed worker's rows come back after the lease, and each row succeeds or fails on its own.
 */
export async function runDeliveryBatch(db: Db, options: WorkerOptions): Promise<number> {
  const deliveries = await runOutboxBatch<DeliveryRow>(
    { db, table: federationDeliveries, name: 'federation', maxAttempts: options.maxAttempts, leaseSeconds: options.leaseSeconds, log: options.log },
    async (row) => outboxOutcomeOf(await (await options.engine()).deliver(row)),
  );
  // the actor Deletes of deleted accounts share the pass (their own table: no user row to point to)
  return deliveries + (await runFarewellBatch(db, options));
}

export type DeliveryWorker = Runner;

/** The delivery outbox's worker (started with the server); now and then it also drops expired entries of Fedify's key-value store. */
export function createDeliveryWorker(db: Db, kv: PostgresKvStore, options: WorkerOptions & { pollMs: number; log: FastifyBaseLogger }): DeliveryWorker {
  let passes = 0;
  return createRunner({
    name: 'federation',
    pollMs: options.pollMs,
    log: options.log,
    batch: BATCH,
    runPass: async () => {
      if (++passes % 500 === 1) await kv.prune();
      return runDeliveryBatch(db, options);
    },
  });
}
