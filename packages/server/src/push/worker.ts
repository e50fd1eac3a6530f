import crypto from 'node:crypto';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload } from '@askbox/common';
import type { Db } from '../db/open.js';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '../db/schema/index.js';
import { BATCH, claimDue as claimOutbox, delivered, runOutboxBatch, type OutboxOutcome } from '../outbox/batch.js';
import { createRunner, type Runner } from '../outbox/runner.js';
import { composePush, type PushRow } from './compose.js';
import { deliver, type PushTransport } from './deliver.js';
import type { VapidKeys } from './vapid.js';

/** Claims due push rows (shared outbox claim: SKIP LOCKED plus a lease, decision 030). */
export function claimDue(db: Db, maxAttempts: number): Promise<PushRow[]> {
  return claimOutbox<PushRow & { attempts: number }>(db, pushNotifications, { maxAttempts });
}

export interface PushDeps {
  db: Db;
  vapid: VapidKeys;
  transport: PushTransport;
  maxAttempts: number;
  leaseSeconds?: number;
  log?: FastifyBaseLogger;
}

/**
 * Sends one claimed row to each device of its user that has not had it yet (push_deliveries),
 * recording each delivery as it happens: a retry reaches only the devices still missing it. Its
 * words are composed now, at every attempt (compose.ts): a row with nothing left to say (someone the
 * recipient no longer sees, an answer or a question gone) is closed unsent. The words sent are
 * kept in the row's title and body. Every copy of a row carries the
 * same Topic, so a push service that still holds an undelivered copy replaces it.
 */
async function sendRow(deps: PushDeps, row: PushRow): Promise<OutboxOutcome> {
  const { db } = deps;
  const text = await composePush(db, row);
  if (!text) return { done: true, note: 'nothing left to say' };
  if (text.title !== row.title || text.body !== row.body) await db.update(pushNotifications).set(text).where(eq(pushNotifications.id, row.id));
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, row.user_id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushDeliveries)
            .where(and(eq(pushDeliveries.notificationId, row.id), eq(pushDeliveries.subscriptionId, pushSubscriptions.id))),
        ),
      ),
    );
  const payload: PushPayload = { ...text, data: row.data };
  const results = await Promise.all(
    subscriptions.map(async (subscription) => {
      const result = await deliver(subscription, payload, deps.vapid, deps.transport, pushTopic(row.id));
      if (result === 'delivered') {
        await db.insert(pushDeliveries).values({ notificationId: row.id, subscriptionId: subscription.id }).onConflictDoNothing();
        await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, subscription.id));
      } else if (result === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      }
      return result;
    }),
  );
  const errors = results.flatMap((result) => (typeof result === 'object' ? [result.error] : []));
  return errors.length === 0 ? delivered : { retry: errors.join('; ') };
}

/** A notification's Web Push Topic (RFC 8030: at most 32 URL-safe base64 characters), the same for every copy. */
export const pushTopic = (notificationId: string) => crypto.createHash('sha256').update(notificationId).digest('base64url').slice(0, 32);

/**
 * One pass over the due rows (the shared outbox batch); returns how many rows it took. A row that
 * fails in any way is that row's retry: the other rows of the batch go on.
 */
export function runPushBatch(deps: PushDeps): Promise<number> {
  return runOutboxBatch<PushRow & { attempts: number }>(
    { db: deps.db, table: pushNotifications, name: 'push', maxAttempts: deps.maxAttempts, leaseSeconds: deps.leaseSeconds, log: deps.log },
    (row) => sendRow(deps, row),
  );
}

export type PushWorker = Runner;

/** The push outbox's worker (started with the server); rows written while it was down are found on its first pass. */
export function createPushWorker(deps: PushDeps & { pollMs: number; log: FastifyBaseLogger }): PushWorker {
  return createRunner({ name: 'push', pollMs: deps.pollMs, log: deps.log, batch: BATCH, runPass: () => runPushBatch(deps) });
}
