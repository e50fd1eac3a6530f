import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload, PushData } from '@askbox/common';
import type { Db } from '../db/open.js';
import { queryRows } from '../db/sql.js';
import { pushNotifications, pushSubscriptions } from '../db/schema/index.js';
import { deliver } from './deliver.js';
import type { VapidKeys } from './vapid.js';

/** A claimed row is hidden from other workers for this long; a crashed worker's rows come back after it. */
const LEASE_SECONDS = 120;
const BATCH = 20;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min ... capped at 1 h. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

interface ClaimedRow {
  id: string;
  user_id: string;
  title: string;
  body: string;
  data: PushData;
  attempts: number;
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at moved forward, attempts
 * counted) in one short statement, then sends outside any transaction, so several instances never
 * send one row twice and a slow push service never holds a lock.
 */
export async function claimDue(db: Db, maxAttempts: number): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`update push_notifications set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
        where id in (
          select id from push_notifications
          where not sent and attempts < ${maxAttempts} and next_attempt_at <= now()
          order by next_attempt_at
          limit ${BATCH}
          for update skip locked)
        returning id, user_id, title, body, data, attempts`,
  );
}

/** Sends one claimed row to every subscription of its user; returns what happened. */
async function processRow(db: Db, row: ClaimedRow, vapid: VapidKeys, maxAttempts: number): Promise<'sent' | 'retry' | 'failed'> {
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.user_id));
  const payload: PushPayload = { title: row.title, body: row.body, data: row.data };
  let delivered = 0;
  const errors: string[] = [];
  for (const subscription of subscriptions) {
    const result = await deliver(subscription, payload, vapid);
    if (result === 'delivered') {
      delivered += 1;
      await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, subscription.id));
    } else if (result === 'gone') {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    } else {
      errors.push(result.error);
    }
  }
  // Retry only when nobody got it: re-sending to devices that already showed it would duplicate.
  if (delivered > 0 || errors.length === 0) {
    await db.update(pushNotifications).set({ sent: true, sentAt: new Date(), lastError: errors[0] ?? null }).where(eq(pushNotifications.id, row.id));
    return 'sent';
  }
  const giveUp = row.attempts >= maxAttempts;
  await db
    .update(pushNotifications)
    .set({ lastError: errors.join('; ').slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})` })
    .where(eq(pushNotifications.id, row.id));
  return giveUp ? 'failed' : 'retry';
}

/** One pass over the due rows; returns how many rows it handled. */
export async function runPushBatch(db: Db, vapid: VapidKeys, maxAttempts: number, log?: FastifyBaseLogger): Promise<number> {
  const rows = await claimDue(db, maxAttempts);
  for (const row of rows) {
    const outcome = await processRow(db, row, vapid, maxAttempts);
    if (outcome !== 'sent') log?.warn({ notificationId: row.id, attempts: row.attempts, outcome }, 'push notification not delivered');
  }
  return rows.length;
}

export interface PushWorker {
  /** Runs a batch now (also used by tests); concurrent calls share the running one. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/** Polls the outbox; rows written while the server was down are found on the first pass. */
export function startPushWorker(db: Db, vapid: VapidKeys, options: { pollMs: number; maxAttempts: number; log: FastifyBaseLogger }): PushWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const kick = () => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        while (!stopped && (await runPushBatch(db, vapid, options.maxAttempts, options.log)) === BATCH);
      } catch (error) {
        options.log.error({ err: error }, 'push worker pass failed');
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
