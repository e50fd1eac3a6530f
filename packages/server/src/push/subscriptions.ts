import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@askbox/common';
import type { DbOrTx } from '../db/open.js';
import { pushSubscriptions } from '../db/schema/index.js';
import { queryRows } from '../db/sql.js';

/**
 * Saves this device's subscription for the user, tied to the session that saved it (logout ends
 * it). An endpoint belongs to one browser profile, so saving it again (refresh, or another
 * account signing in on that device) moves it to this user and session. A user keeps at most
 * `maxPerUser` devices: the least recently saved ones beyond that are dropped.
 * The endpoint and keys were checked before (push/endpoint.ts).
 */
export async function saveSubscription(db: DbOrTx, userId: string, sessionId: string | null, input: PushSubscriptionInput, maxPerUser: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ id: crypto.randomUUID(), userId, sessionId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, sessionId, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: sql`now()` },
      });
    await queryRows(
      tx,
      sql`delete from push_subscriptions where id in (
            select id from push_subscriptions where user_id = ${userId}
            order by updated_at desc, id desc offset ${maxPerUser})`,
    );
  });
}

/** Removes this device (logout, or the user turned notifications off); other users' endpoints are untouched. */
export async function deleteSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function hasPushSubscription(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return rows.length > 0;
}
