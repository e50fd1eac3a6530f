import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { sessions, users } from '../../db/schema/index.js';
import type { AppContext } from '../../context.js';
import { events } from '../../events/emit.js';

/**
 * Suspension (decision 108): a suspended account cannot sign in, its sessions end, and its
 * answers vanish from feeds, profiles, search and federation until an admin restores it. Nothing
 * is deleted, so restoring brings everything back as it was.
 *
 * The readers hide suspended accounts through the visibility module (`visibleUser`,
 * `visibleAuthor`, `notSuspended`).
 */

/** Suspends `userId` and ends every session of theirs (live streams too); false when already suspended or unknown. */
export async function suspendAccount(tx: DbOrTx, ctx: AppContext, userId: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (!changed) return false;
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: ended.map((s) => s.id) });
  await events.emit(tx, ctx, { type: 'accountSuspended', userId });
  return true;
}

/** Lifts a suspension; false when the account was not suspended. */
export async function restoreAccount(tx: DbOrTx, ctx: AppContext, userId: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (changed) await events.emit(tx, ctx, { type: 'accountRestored', userId });
  return Boolean(changed);
}
