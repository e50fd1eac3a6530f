import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { queryRows } from '../db/sql.js';

/**
 * The one way an outbox is delivered (push notifications, emails, ActivityPub deliveries and
 * farewells): rows written in the same transaction as the event, claimed by workers on every
 * instance, sent outside any transaction, retried with backoff (decision 030). Every outbox table
 * has `outboxColumns()` and `outboxIndexes()` (db/schema/outboxColumns.ts); every worker sends
 * through `runOutboxBatch`.
 */

/** A claim lapses after this long unless its worker renews it (OUTBOX_LEASE_SECONDS). */
export const LEASE_SECONDS = 60;
export const BATCH = 20;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min ... capped at 1 h. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/** A row as claimed: its stored columns (snake_case), at least these. */
export interface OutboxRow {
  id: string;
  attempts: number;
}

/**
 * What sending one row came to: done (delivered, or nothing left to deliver, `note` saying why), to
 * be tried again after the backoff, or refused for good (a 4xx, a forbidden address).
 */
export type OutboxOutcome = { done: true; note?: string } | { retry: string } | { refused: string };
export const delivered: OutboxOutcome = { done: true };

/** See `OutboxQueue.lanes`. */
export interface Lanes {
  column: string;
  concurrency: number;
  /**
   * while true (the app's own requests are being answered), one row at a time, and after each row a
   * rest as long as the row took: the others wait to start
   */
  busy?: () => boolean;
  /**
   * lanes of one group (an inbox's senders on one server: `group` of the lane's value) take at most
   * `perGroup` of the `concurrency` places at once, so one server whose requests hang cannot hold them all
   */
  groups?: { of: (lane: string) => string; perGroup: number };
}

export interface OutboxQueue {
  db: Db;
  table: PgTable;
  /** for the log: 'push', 'email', … */
  name: string;
  maxAttempts: number;
  leaseSeconds?: number;
  batch?: number;
  /** rows that carry secrets (a deleted account's farewell) are deleted once finished instead of kept */
  deleteWhenFinished?: boolean;
  /**
   * Rows in lanes: the rows of one lane (the value of this column, e.g. an inbox's signer) are
   * claimed and handled in the order they were written, one after the other, while up to
   * `concurrency` lanes are handled at once. A row is not claimed while an older row of its lane
   * is still pending and not due (held by another batch, or waiting for a retry), and a lane stops
   * at a row that is to be retried: the rows after it wait for it.
   */
  lanes?: Lanes;
  log?: FastifyBaseLogger;
}

/**
 * Claims due rows for the batch `claim` (a fresh one when not given) with FOR UPDATE SKIP LOCKED
 * and a lease, counting the attempt. Returns the claimed rows as stored (snake_case columns).
 */
export async function claimDue<Row extends OutboxRow>(
  db: Db,
  table: PgTable,
  options: { maxAttempts: number; batch?: number; leaseSeconds?: number; claim?: string; laneColumn?: string },
): Promise<Row[]> {
  const lane = options.laneColumn ? sql.identifier(options.laneColumn) : null;
  // a lane's row waits while an older row of its lane is pending but not due: held by another batch or backing off
  const laneHead = lane
    ? sql`and not exists (
            select 1 from ${table} older
            where older.${lane} = due.${lane} and not older.sent and older.attempts < ${options.maxAttempts}
              and older.next_attempt_at > now() and (older.created_at, older.id) < (due.created_at, due.id))`
    : sql``;
  const claimed = sql`update ${table} set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds ?? LEASE_SECONDS}),
          claimed_by = ${options.claim ?? crypto.randomUUID()}
        where id in (
          select id from ${table} due
          where not sent and attempts < ${options.maxAttempts} and next_attempt_at <= now() ${laneHead}
          order by ${lane ? sql`created_at, id` : sql`next_attempt_at`}
          limit ${options.batch ?? BATCH}
          for update skip locked)
        returning *`;
  // RETURNING follows no order: a lane's rows are handed over in the order they were written
  return queryRows<Row>(db, lane ? sql`with claimed as (${claimed}) select * from claimed order by created_at, id` : claimed);
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED (several instances never get the same row, a slow
 * receiver never holds a lock), marks them as this batch's with a lease, and sends them one by
 * one with `send`. The claim cannot lapse under a working sender: before each row its claim is
 * renewed (a row another worker took meanwhile is left to it), and while the batch runs every
 * row it still holds is renewed each third of the lease. Only a worker that is gone (crashed,
 * frozen, cut off from the database) loses its rows, a lease later. Returns how many rows it claimed.
 */
export async function runOutboxBatch<Row extends OutboxRow>(queue: OutboxQueue, send: (row: Row) => Promise<OutboxOutcome>): Promise<number> {
  const { db, table } = queue;
  const lease = queue.leaseSeconds ?? LEASE_SECONDS;
  const claim = crypto.randomUUID();
  const rows = await claimDue<Row>(db, table, {
    maxAttempts: queue.maxAttempts,
    batch: queue.batch,
    leaseSeconds: lease,
    claim,
    laneColumn: queue.lanes?.column,
  });
  if (rows.length === 0) return 0;
  const held = new Set(rows.map((row) => row.id));
  const renew = (ids: string[]) =>
    queryRows<{ id: string }>(
      db,
      sql`update ${table} set next_attempt_at = now() + make_interval(secs => ${lease})
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and claimed_by = ${claim} and not sent
          returning id`,
    );
  const heartbeat = setInterval(
    () => {
      if (held.size > 0)
        renew([...held]).catch((error: unknown) => queue.log?.warn({ err: error }, `${queue.name}: could not renew the claim on rows being sent`));
    },
    (lease * 1000) / 3,
  );
  heartbeat.unref();
  /** Sends one row and records how it went; true when the row is finished (done, refused, out of attempts). */
  const handle = async (row: Row): Promise<boolean> => {
    try {
      if ((await renew([row.id])).length === 0) {
        queue.log?.warn({ id: row.id }, `${queue.name}: claim lapsed before sending; left to the worker that holds the row now`);
        return false;
      }
      const outcome = await send(row).catch((error: unknown) => ({ retry: error instanceof Error ? error.message : String(error) }));
      await recordOutcome(queue, claim, row, outcome);
      return !('retry' in outcome) || row.attempts >= queue.maxAttempts;
    } catch (error) {
      // the database was away longer than recordOutcome waits: the claim lapses and the row comes
      // back; the receiver sees the same Message-ID / Topic and drops the copy where it can
      queue.log?.error({ id: row.id, err: error }, `${queue.name}: could not record the outcome of a row`);
      return false;
    } finally {
      held.delete(row.id);
    }
  };
  // the rest of a lane whose row is not finished goes back, unclaimed and its attempt not counted,
  // to wait behind that row (claimDue's lane rule)
  const release = async (later: Row[]) => {
    for (const row of later) held.delete(row.id);
    await db.execute(
      sql`update ${table} set attempts = attempts - 1, next_attempt_at = now(), claimed_by = null
          where id in (${sql.join(
            later.map((row) => sql`${row.id}`),
            sql`, `,
          )}) and claimed_by = ${claim} and not sent`,
    );
  };
  try {
    if (queue.lanes) await runLanes(rows, queue.lanes, handle, release);
    else for (const row of rows) await handle(row);
  } finally {
    clearInterval(heartbeat);
  }
  return rows.length;
}

/** The longest rest between two rows while the app is busy. */
const MAX_REST_MS = 1000;

/**
 * The rows of each lane one after the other, in their order; up to `concurrency` lanes at once,
 * but one row at a time while `busy()`, resting after each as long as it took (up to a second), so
 * the app's requests have the thread at least half the time while a backlog drains. Each row starts
 * on a turn of the event loop of its own (after the poll phase), so requests that arrived meanwhile
 * are read and started first.
 */
async function runLanes<Row extends OutboxRow>(rows: Row[], lanes: Lanes, handle: (row: Row) => Promise<boolean>, release: (later: Row[]) => Promise<void>) {
  const byLane = new Map<string, Row[]>();
  for (const row of rows) {
    const key = String((row as unknown as Record<string, unknown>)[lanes.column]);
    const lane = byLane.get(key);
    if (lane) lane.push(row);
    else byLane.set(key, [row]);
  }
  const waiting = [...byLane.entries()];
  let active = 0;
  let restUntil = 0;
  const mustWait = () => lanes.busy?.() === true && (active > 0 || performance.now() < restUntil);
  const groupOf = (key: string) => lanes.groups?.of(key) ?? key;
  const inGroup = new Map<string, number>();
  let whenFreed: (() => void)[] = [];
  /** The first waiting lane whose group has a place left. */
  const nextLane = () => {
    const i = waiting.findIndex(([key]) => (inGroup.get(groupOf(key)) ?? 0) < (lanes.groups?.perGroup ?? Infinity));
    return i < 0 ? null : waiting.splice(i, 1)[0]!;
  };
  const runner = async () => {
    while (waiting.length > 0) {
      const next = nextLane();
      if (!next) {
        // every waiting lane's group is full: wait for one of its lanes to end
        await new Promise<void>((resolve) => whenFreed.push(resolve));
        continue;
      }
      const [key, lane] = next;
      const group = groupOf(key);
      inGroup.set(group, (inGroup.get(group) ?? 0) + 1);
      try {
        for (const [i, row] of lane.entries()) {
          await new Promise((resolve) => setImmediate(resolve));
          while (mustWait()) await new Promise((resolve) => setTimeout(resolve, 2));
          active++;
          const started = performance.now();
          const finished = await handle(row).finally(() => {
            active--;
            const took = performance.now() - started;
            if (lanes.busy?.()) restUntil = performance.now() + Math.min(took, MAX_REST_MS);
          });
          if (finished) continue;
          if (i + 1 < lane.length) await release(lane.slice(i + 1)).catch(() => undefined); // else their claims lapse: the same wait
          break;
        }
      } finally {
        inGroup.set(group, inGroup.get(group)! - 1);
        const waking = whenFreed;
        whenFreed = [];
        for (const wake of waking) wake();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes.concurrency, waiting.length)) }, runner));
}

/**
 * Records what sending a row came to, trying again while the database is away (a restart, a killed
 * connection): a row already sent whose outcome is forgotten would be claimed and sent again once
 * its lease lapses. Waits up to the lease (at least 30 s), as long as every worker waits for the database.
 */
async function recordOutcome(queue: OutboxQueue, claim: string, row: OutboxRow, outcome: OutboxOutcome): Promise<void> {
  const giveUpAt = performance.now() + Math.max(30, queue.leaseSeconds ?? LEASE_SECONDS) * 1000;
  for (let pause = 250; ; pause = Math.min(pause * 2, 5_000)) {
    try {
      return await finish(queue, claim, row, outcome);
    } catch (error) {
      if (performance.now() + pause > giveUpAt) throw error;
      queue.log?.warn({ id: row.id, err: error }, `${queue.name}: could not record the outcome of a row yet; trying again`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

async function finish(queue: OutboxQueue, claim: string, row: OutboxRow, outcome: OutboxOutcome): Promise<void> {
  const { db, table } = queue;
  const outOfAttempts = row.attempts >= queue.maxAttempts;
  if (queue.deleteWhenFinished && ('done' in outcome || 'refused' in outcome || outOfAttempts)) {
    await db.execute(sql`delete from ${table} where id = ${row.id}`);
    if (!('done' in outcome)) queue.log?.warn({ id: row.id, outcome }, `${queue.name}: not delivered; given up`);
    return;
  }
  if ('done' in outcome) {
    await db.execute(sql`update ${table} set sent = true, sent_at = now(), claimed_by = null, last_error = ${outcome.note ?? null} where id = ${row.id}`);
  } else if ('refused' in outcome) {
    await db.execute(
      sql`update ${table} set attempts = greatest(attempts, ${queue.maxAttempts}), claimed_by = null, last_error = ${outcome.refused.slice(0, 500)}
          where id = ${row.id}`,
    );
    queue.log?.warn({ id: row.id, error: outcome.refused }, `${queue.name}: refused by the receiver; not tried again`);
  } else {
    await db.execute(
      sql`update ${table} set last_error = ${outcome.retry.slice(0, 500)}, claimed_by = null,
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
          where id = ${row.id} and claimed_by = ${claim}`,
    );
    queue.log?.warn(
      { id: row.id, attempts: row.attempts, error: outcome.retry },
      outOfAttempts ? `${queue.name}: not delivered; out of attempts` : `${queue.name}: not delivered; will be retried`,
    );
  }
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
