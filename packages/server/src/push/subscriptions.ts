import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@askbox/common';
import type { DbOrTx } from '../db/open.js';
import { pushSubscriptions } from '../db/schema/index.js';

/**
 * Saves this device's subscription for the user. An endpoint belongs to one browser profile, so
 * saving it again (refresh, or another account signing in on that device) moves it to this user.
 */
export async function saveSubscription(db: DbOrTx, userId: string, input: PushSubscriptionInput): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: sql`now()` },
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
