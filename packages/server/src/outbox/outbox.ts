import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { queryRows } from '../db/sql.js';

/**
 * The one way an outbox is delivered (push notifications, emails, ActivityPub): rows written in the same
 * transaction as the event, claimed by workers on every instance, sent outside any transaction,
 * retried with backoff. An outbox table has the columns id, sent, attempts, next_attempt_at,
 * last_error and sent_at (see decision 030).
 */

/** A claimed row is hidden from other workers for this long; a crashed worker's rows come back after it. */
export const LEASE_SECONDS = 120;
export const BATCH = 20;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min ... capped at 1 h. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at moved forward, attempts
 * counted) in one short statement, so several instances never get the same row and a slow
 * receiver never holds a lock. Returns the claimed rows as stored (snake_case columns).
 */
export async function claimDue<Row extends { id: string; attempts: number }>(
  db: Db,
  table: PgTable,
  options: { maxAttempts: number; batch?: number; leaseSeconds?: number },
): Promise<Row[]> {
  const batch = options.batch ?? BATCH;
  const lease = options.leaseSeconds ?? LEASE_SECONDS;
  return queryRows<Row>(
    db,
    sql`update ${table} set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${lease})
        where id in (
          select id from ${table}
          where not sent and attempts < ${options.maxAttempts} and next_attempt_at <= now()
          order by next_attempt_at
          limit ${batch}
          for update skip locked)
        returning *`,
  );
}

/** The row is done: delivered, or nothing left to deliver (`note` says why, e.g. the last error seen). */
export async function markSent(db: Db, table: PgTable, id: string, note: string | null = null): Promise<void> {
  await db.execute(sql`update ${table} set sent = true, sent_at = now(), last_error = ${note} where id = ${id}`);
}

/** The attempt failed: try again after the backoff (until the attempt limit stops claiming it). */
export async function retryLater(db: Db, table: PgTable, id: string, attempts: number, error: string): Promise<void> {
  await db.execute(
    sql`update ${table} set last_error = ${error.slice(0, 500)}, next_attempt_at = now() + make_interval(secs => ${backoffSeconds(attempts)})
        where id = ${id}`,
  );
}

/** The receiver refuses for good (a 4xx, a forbidden address): no more attempts; the row stays for inspection. */
export async function giveUp(db: Db, table: PgTable, id: string, maxAttempts: number, error: string): Promise<void> {
  await db.execute(sql`update ${table} set attempts = greatest(attempts, ${maxAttempts}), last_error = ${error.slice(0, 500)} where id = ${id}`);
}

export interface OutboxWorker {
  /** Runs a pass now (also used by tests); concurrent calls share the running one. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Polls an outbox: `runBatch` handles one batch and says how many rows it claimed; a full batch
 * means there may be more, so the pass goes on. Rows written while no worker ran are found on the
 * first pass. A failing pass is logged and the next poll tries again.
 */
export function startOutboxWorker(options: {
  name: string;
  pollMs: number;
  log: FastifyBaseLogger;
  runBatch(): Promise<number>;
  batch?: number;
}): OutboxWorker {
  const batch = options.batch ?? BATCH;
  let running: Promise<void> | null = null;
  let stopped = false;
  const kick = () => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        while (!stopped && (await options.runBatch()) >= batch);
      } catch (error) {
        options.log.error({ err: error }, `${options.name} worker pass failed`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void kick(), options.pollMs);
  timer.unref();
  void kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** An outbox as the metrics see it: pending rows, those retrying after a failure, those given up on (a partial index keeps it cheap). */
export async function outboxCounts(db: Db, table: PgTable, maxAttempts: number): Promise<{ pending: number; retrying: number; failed: number }> {
  const [row] = await queryRows<{ pending: number; retrying: number; failed: number }>(
    db,
    sql`select count(*) filter (where attempts < ${maxAttempts})::int as pending,
               count(*) filter (where attempts < ${maxAttempts} and last_error is not null)::int as retrying,
               count(*) filter (where attempts >= ${maxAttempts})::int as failed
        from ${table} where not sent`,
  );
  return row ?? { pending: 0, retrying: 0, failed: 0 };
}
