import { and, eq, gt } from 'drizzle-orm';
import type { Locale } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { addressRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { hashNewPassword } from './password.js';
import { hashToken } from './resetTokens.js';

/**
 * "Forgot password?": the request only writes an outbox row with the address it was given. Whether
 * the address has an account is looked up by the email worker, so the answer and the time it takes
 * are the same either way (decision 126). Limited per IP and per address.
 */
export async function requestPasswordReset(ctx: AppContext, ip: string, email: string, locale: Locale | undefined): Promise<void> {
  const perHour = ctx.config.passwordResetsPerHour;
  await consumeRateLimit(ctx.db, `reset-ip:${ip}`, perHour, 3600);
  await consumeRateLimit(ctx.db, addressRateLimitKey.resetAddress(email), perHour, 3600);
  await events.emit(ctx.db, ctx, { type: 'passwordResetRequested', email, ...(locale ? { locale } : {}) });
}

/**
 * Sets a new password with a reset link: the token is spent in the same statement that checks it
 * (a second use, or a race of two, finds nothing), then every session and every other reset link of
 * the account ends. A link that is not valid is refused before the new password is hashed: the
 * hash costs ~0.2 s of CPU, which anyone could otherwise make the server spend with made-up tokens.
 */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const valid = and(eq(passwordResetTokens.id, hashToken(token)), gt(passwordResetTokens.expiresAt, ctx.clock.now()));
  const [known] = await ctx.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(valid).limit(1);
  if (!known) throw new AppError('reset_link_invalid');
  const passwordHash = await hashNewPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.id, hashToken(token)), gt(passwordResetTokens.expiresAt, ctx.clock.now())))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new AppError('reset_link_invalid');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, spent.userId));
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    await events.emit(tx, ctx, { type: 'allSessionsEnded', userId: spent.userId });
  });
}
