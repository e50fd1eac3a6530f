import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { federationInbox } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import type { FastifyBaseLogger } from 'fastify';
import { BATCH, runOutboxBatch, type OutboxOutcome } from '../../outbox/batch.js';
import { createRunner, type Runner } from '../../outbox/runner.js';
import type { WorkerOptions } from '../outbox/worker.js';
import { serverOf } from '../servers/remoteServers.js';

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

/**
 * Stores an activity whose HTTP Signature was verified, for the inbox worker; false, storing
 * nothing, when its signer or the signer's server has `limits` activities waiting already (decision
 * 346): one account or server sending without end fills its own share, not the disk.
 */
export async function queueIncoming(
  db: Db,
  request: { path: string; headers: Headers; body: string; signer: string },
  limits: { perActor: number; perServer: number },
  arrivalId: ArrivalIds,
): Promise<boolean> {
  const server = `${new URL(request.signer).origin}/`;
  // finished rows are deleted (runInboxBatch): every row is one waiting
  const [waiting] = await queryRows<{ actor: number; server: number }>(
    db,
    sql`select count(*) filter (where signer = ${request.signer})::int as actor, count(*)::int as server
        from federation_inbox where left(signer, ${server.length}) = ${server}`,
  );
  if (Number(waiting?.actor ?? 0) >= limits.perActor || Number(waiting?.server ?? 0) >= limits.perServer) return false;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  // a sender's activities are handled in the order of (created_at, id): the time of this statement,
  // not of its transaction (the embedded database runs several in one), and within its millisecond the id
  await db
    .insert(federationInbox)
    .values({ id: arrivalId(), path: request.path, headers, body: request.body, signer: request.signer, createdAt: sql`clock_timestamp()` });
  return true;
}

/** Ids that sort in the order one inbox received its activities (arrivalIds). */
export type ArrivalIds = () => string;

/** Time, a counter of this inbox's own, then randomness for other instances: one per inbox, made with it. */
export function arrivalIds(): ArrivalIds {
  let arrivals = 0;
  return () => {
    arrivals = (arrivals + 1) % 0x1_0000_0000;
    return `${Date.now().toString(16).padStart(12, '0')}-${arrivals.toString(16).padStart(8, '0')}-${crypto.randomBytes(8).toString('hex')}`;
  };
}

/** How many senders' activities the inbox worker handles at once (each sender's in order) ... */
export const INBOX_LANES = 4;
/** ... of them at most this many senders of one server, so a server whose posts hang leaves the others lanes (decision 346). */
export const INBOX_LANES_PER_SERVER = 2;

/**
 * One pass of the inbox worker: claims received activities (FOR UPDATE SKIP LOCKED, several
 * instances never handle one twice) and hands them to Fedify's inbox listeners, the activities of
 * `INBOX_LANES` senders at once (one at a time while the app answers requests of its own), each
 * sender's in the order they arrived (a Like before its Undo,
 * a Follow before its Undo), each on a turn of the event loop of its own so the app's requests
 * are read and started in between. A burst from many servers waits in the table instead of
 * crowding the event loop. A row goes once handled or refused; a failure (a remote actor that could
 * not be fetched) is retried with the outbox's backoff, and its sender's later activities wait
 * for it.
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
      lanes: {
        column: 'signer',
        concurrency: INBOX_LANES,
        busy: options.appBusy,
        groups: { of: (signer) => serverOf(signer) ?? signer, perGroup: INBOX_LANES_PER_SERVER },
      },
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
