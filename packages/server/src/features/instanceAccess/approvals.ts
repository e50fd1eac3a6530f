import { asc, eq } from 'drizzle-orm';
import type { PendingSignup } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { pgErrorOf } from '../../db/pgError.js';
import { pendingSignups as pendingTable, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { followDefaultAccounts } from '../auth/service.js';

/** Sign-ups waiting for approval, oldest first (the queue is worked from the top). */
export async function pendingSignups(ctx: AppContext): Promise<PendingSignup[]> {
  const rows = await ctx.db.select().from(pendingTable).orderBy(asc(pendingTable.createdAt), asc(pendingTable.id)).limit(200);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Approves a sign-up: the account is made as a sign-up in open mode makes it (the default follows
 * included, its address counted as confirmed: the person proved nothing less than an open sign-up
 * would), it can log in from now on, and the person is told by email.
 */
export async function approveSignup(ctx: AppContext, id: string): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const [pending] = await tx.delete(pendingTable).where(eq(pendingTable.id, id)).returning();
      if (!pending) throw new AppError('signup_not_pending');
      await tx.insert(users).values({
        id: pending.id,
        email: pending.email,
        username: pending.username,
        fullname: pending.fullname,
        passwordHash: pending.passwordHash,
        locale: pending.locale,
        role: 'user',
        createdAt: ctx.clock.now(),
        emailVerifiedAt: ctx.config.emailVerification ? null : ctx.clock.now(),
      });
      await followDefaultAccounts(tx, pending.id, ctx.config.defaultFollows);
      await events.emit(tx, ctx, { type: 'signupApproved', userId: pending.id });
      if (ctx.config.emailVerification) await events.emit(tx, ctx, { type: 'emailVerificationRequested', userId: pending.id });
    });
  } catch (error) {
    // the name or address was taken by an account made meanwhile (sign-up checks both tables, so only by a race)
    const { code, constraint } = pgErrorOf(error);
    if (code === '23505' && constraint?.includes('username')) throw new AppError('username_taken');
    if (code === '23505' && constraint?.includes('email')) throw new AppError('email_taken');
    throw error;
  }
}

/** Rejects a sign-up: it is deleted (the name and address are free again) and the person is told by email. */
export async function rejectSignup(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(pendingTable).where(eq(pendingTable.id, id)).returning();
    if (!gone) throw new AppError('signup_not_pending');
    await events.emit(tx, ctx, { type: 'signupRejected', email: gone.email, username: gone.username, locale: gone.locale });
  });
}
