import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { sessions, users } from '../../db/schema/index.js';
import { publishLive } from '../../realtime/bus.js';

/**
 * Suspension (decision 108): a suspended account cannot sign in, its sessions end, and its
 * answers vanish from feeds, profiles, search and federation until an admin restores it. Nothing
 * is deleted, so restoring brings everything back as it was.
 *
 * The readers hide suspended accounts through the visibility module (`visibleUser`,
 * `visibleAuthor`, `notSuspended`).
 */

/** Suspends `userId` and ends every session of theirs (live streams too); false when already suspended or unknown. */
export async function suspendAccount(tx: DbOrTx, userId: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (!changed) return false;
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  for (const { id } of ended) await publishLive(tx, { to: { sessionId: id }, type: 'suspended' });
  // followers' feeds lose the answers: their 'New answers' count and profiles refresh
  await publishLive(tx, { to: { followersOf: userId }, type: 'answer' });
  return true;
}

/** Lifts a suspension; false when the account was not suspended. */
export async function restoreAccount(tx: DbOrTx, userId: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (changed) await publishLive(tx, { to: { followersOf: userId }, type: 'answer' });
  return Boolean(changed);
}
