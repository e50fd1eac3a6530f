import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { sessions, suspensionAppeals, users, type UserRow } from '../../db/schema/index.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * Suspension (decisions 108, 287): a suspended account cannot sign in, its sessions end, and its
 * answers vanish from feeds, profiles, search and federation until it is restored or, for a timed
 * suspension, until its end passes. Nothing is deleted, so restoring brings everything back as it was.
 *
 * The readers hide suspended accounts through the visibility module (`visibleUser`,
 * `visibleAuthor`, `notSuspended`). Every suspension and restoration is written to the audit log.
 */

/** Why, and until when (null: until restored). */
export interface SuspensionTerms {
  reason: string;
  until: Date | null;
}

const noTerms: SuspensionTerms = { reason: '', until: null };

/** Suspends `userId` and ends every session of theirs (live streams too); false when already suspended or unknown. */
export async function suspendAccount(tx: DbOrTx, ctx: AppContext, userId: string, actor: AuditActor, terms: SuspensionTerms = noTerms): Promise<boolean> {
  if (terms.until && terms.until.getTime() <= ctx.clock.now().getTime()) throw new AppError('suspension_end_invalid');
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: sql`now()`, suspensionReason: terms.reason, suspendedUntil: terms.until, suspensionAppealedAt: null })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id, username: users.username });
  if (!changed) return false;
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: ended.map((s) => s.id), reason: 'suspended' });
  await events.emit(tx, ctx, { type: 'accountSuspended', userId });
  await recordAudit(tx, actor, {
    action: 'account_suspended',
    targetKind: 'account',
    target: changed.username,
    reason: terms.reason,
    detail: terms.until ? `until ${terms.until.toISOString()}` : '',
  });
  return true;
}

/** Lifts a suspension; false when the account was not suspended. Its open appeal is closed with it. */
export async function restoreAccount(tx: DbOrTx, ctx: AppContext, userId: string, actor: AuditActor): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: null, suspensionReason: '', suspendedUntil: null, suspensionAppealedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id, username: users.username });
  if (!changed) return false;
  await tx
    .update(suspensionAppeals)
    .set({ closedAt: sql`now()` })
    .where(and(eq(suspensionAppeals.userId, userId), isNull(suspensionAppeals.closedAt)));
  await events.emit(tx, ctx, { type: 'accountRestored', userId });
  await recordAudit(tx, actor, {
    action: actor === 'server' ? 'suspension_ended' : 'account_restored',
    targetKind: 'account',
    target: changed.username,
  });
  await events.emit(tx, ctx, { type: 'reportsChanged' });
  return true;
}

/**
 * Ends every timed suspension whose end has passed, each in its own transaction (restored, with its
 * audit entry by the server). Run by the suspension sweep and before a sign-in, so an ended
 * suspension never waits for anyone: the state is the database's, nothing is kept in memory.
 */
export async function endLapsedSuspensions(ctx: AppContext, userId?: string): Promise<number> {
  const now = ctx.clock.now();
  const lapsed = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.suspendedAt), lte(users.suspendedUntil, now), userId ? eq(users.id, userId) : undefined))
    .limit(100);
  let ended = 0;
  for (const { id } of lapsed) {
    if (await ctx.db.transaction((tx) => restoreAccount(tx, ctx, id, 'server'))) ended++;
  }
  return ended;
}

/** The refusal a suspended person gets when signing in: why, and until when (said only to whoever knows the password). */
export function suspensionRefusal(user: Pick<UserRow, 'suspensionReason' | 'suspendedUntil'>): AppError {
  if (user.suspendedUntil) return new AppError('account_suspended_until', { until: utcMinute(user.suspendedUntil), reason: user.suspensionReason || '—' });
  if (user.suspensionReason) return new AppError('account_suspended_reason', { reason: user.suspensionReason });
  return new AppError('account_suspended');
}

/** '2026-11-28 03:00 UTC': a time every reader understands, in any language. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
