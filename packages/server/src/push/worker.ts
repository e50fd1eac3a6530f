import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload, PushData } from '@askbox/common';
import type { Db } from '../db/open.js';
import { pushNotifications, pushSubscriptions } from '../db/schema/index.js';
import { claimDue as claimOutbox, markSent, retryLater, startOutboxWorker, type OutboxWorker } from '../outbox/outbox.js';
import { deliver } from './deliver.js';
import type { VapidKeys } from './vapid.js';

interface ClaimedRow {
  id: string;
  user_id: string;
  title: string;
  body: string;
  data: PushData;
  attempts: number;
}

/** Claims due push rows (shared outbox claim: SKIP LOCKED plus a lease, decision 030). */
export function claimDue(db: Db, maxAttempts: number): Promise<ClaimedRow[]> {
  return claimOutbox<ClaimedRow>(db, pushNotifications, { maxAttempts });
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
    await markSent(db, pushNotifications, row.id, errors[0] ?? null);
    return 'sent';
  }
  await retryLater(db, pushNotifications, row.id, row.attempts, errors.join('; '));
  return row.attempts >= maxAttempts ? 'failed' : 'retry';
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

export type PushWorker = OutboxWorker;

/** Polls the push outbox; rows written while the server was down are found on the first pass. */
export function startPushWorker(db: Db, vapid: VapidKeys, options: { pollMs: number; maxAttempts: number; log: FastifyBaseLogger }): PushWorker {
  return startOutboxWorker({
    name: 'push',
    pollMs: options.pollMs,
    log: options.log,
    runBatch: () => runPushBatch(db, vapid, options.maxAttempts, options.log),
  });
}
