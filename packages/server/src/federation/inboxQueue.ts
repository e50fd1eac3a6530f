import crypto from 'node:crypto';
import type { Db } from '../db/open.js';
import { federationInbox } from '../db/schema/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { BATCH, runOutboxBatch, type OutboxOutcome } from '../outbox/outbox.js';
import { createRunner, type Runner } from '../outbox/runner.js';
import type { WorkerOptions } from './worker.js';

/** A received activity as stored: enough to replay the request to Fedify's inbox. */
export interface IncomingRow {
  id: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  signer: string;
  attempts: number;
}

/** Headers kept for the replay: what Fedify's inbox reads (the signature was checked at receipt). */
const KEPT_HEADERS = ['content-type', 'date', 'digest', 'signature', 'host', 'user-agent'];

/** Stores an activity whose HTTP Signature was verified; the inbox worker handles it. */
export async function queueIncoming(db: Db, request: { path: string; headers: Headers; body: string; signer: string }): Promise<void> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await db.insert(federationInbox).values({ id: crypto.randomUUID(), path: request.path, headers, body: request.body, signer: request.signer });
}

/**
 * One pass of the inbox worker: claims received activities (FOR UPDATE SKIP LOCKED, several
 * instances never handle one twice) and hands them to Fedify's inbox listeners one at a time, so
 * a burst from many servers waits in the table instead of crowding the event loop the app's
 * requests share. A row goes once handled or refused; a failure (a remote actor that could not be
 * fetched) is retried with the outbox's backoff.
 */
export function runInboxBatch(db: Db, options: WorkerOptions): Promise<number> {
  return runOutboxBatch<IncomingRow>(
    {
      db,
      table: federationInbox,
      name: 'federation inbox',
      maxAttempts: options.maxAttempts,
      leaseSeconds: options.leaseSeconds,
      deleteWhenFinished: true,
      log: options.log,
    },
    async (row) => (await options.engine()).receive(row),
  );
}

/**
 * The inbox worker (FEDERATION_WORKER=on, beside the delivery worker): kicked by every activity
 * received, and polling for the ones another instance received or a failure left for later.
 */
export function createInboxWorker(db: Db, options: WorkerOptions & { pollMs: number; log: FastifyBaseLogger }): Runner {
  return createRunner({ name: 'federation inbox', pollMs: options.pollMs, log: options.log, batch: BATCH, runPass: () => runInboxBatch(db, options) });
}

/** What Fedify's inbox answered for a replayed activity, as the queue records it. */
export function incomingOutcomeOf(status: number): OutboxOutcome {
  if (status < 300) return { done: true };
  if (status >= 500 || status === 408 || status === 429) return { retry: `inbox answered ${status}` };
  return { refused: `inbox answered ${status}` };
}
