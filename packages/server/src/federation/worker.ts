import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { federationDeliveries } from '../db/schema/index.js';
import { claimDue, giveUp, markSent, retryLater, startOutboxWorker, type OutboxWorker } from '../outbox/outbox.js';
import type { DeliveryRow } from './deliver.js';
import type { FederationEngine } from './engine.js';
import { runFarewellBatch } from './farewell.js';
import type { PostgresKvStore } from './kv.js';

export interface WorkerOptions {
  maxAttempts: number;
  /** the engine that builds, signs and sends activities: loaded by the first row there is to send */
  engine: () => Promise<FederationEngine>;
  log?: FastifyBaseLogger;
}

/**
 * One pass over due deliveries, claimed with the shared outbox claim (SKIP LOCKED plus a lease,
 * decision 030): several instances never send one row twice, a crashed worker's rows come back
 * after the lease, and each row succeeds or fails on its own.
 */
export async function runDeliveryBatch(db: Db, options: WorkerOptions): Promise<number> {
  const rows = await claimDue<DeliveryRow>(db, federationDeliveries, { maxAttempts: options.maxAttempts });
  for (const row of rows) {
    const outcome = await options
      .engine()
      .then((engine) => engine.deliver(row))
      .catch((error: unknown) => ({ retry: error instanceof Error ? error.message : String(error) }));
    if (outcome === 'sent') await markSent(db, federationDeliveries, row.id);
    else if (outcome === 'dropped') await markSent(db, federationDeliveries, row.id, 'nothing to send any more');
    else if ('failed' in outcome) {
      await giveUp(db, federationDeliveries, row.id, options.maxAttempts, outcome.failed);
      options.log?.warn({ deliveryId: row.id, inbox: row.inbox_url, error: outcome.failed }, 'federation delivery refused');
    } else {
      await retryLater(db, federationDeliveries, row.id, row.attempts, outcome.retry);
      options.log?.warn({ deliveryId: row.id, inbox: row.inbox_url, attempts: row.attempts, error: outcome.retry }, 'federation delivery will be retried');
    }
  }
  // the actor Deletes of deleted accounts share the pass (their own table: no user row to point to)
  return rows.length + (await runFarewellBatch(db, options));
}

export type DeliveryWorker = OutboxWorker;

/** Polls the delivery outbox; now and then also drops expired entries of Fedify's key-value store. */
export function startDeliveryWorker(db: Db, kv: PostgresKvStore, options: WorkerOptions & { pollMs: number; log: FastifyBaseLogger }): DeliveryWorker {
  let passes = 0;
  return startOutboxWorker({
    name: 'federation',
    pollMs: options.pollMs,
    log: options.log,
    runBatch: async () => {
      if (++passes % 500 === 1) await kv.prune();
      return runDeliveryBatch(db, options);
    },
  });
}
