import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Locale } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/open.js';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { queueEmail } from '../../email/outbox.js';
import { AppError } from '../../errors.js';
import { addressRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { publishLive } from '../../realtime/bus.js';
import { hashNewPassword } from './password.js';

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_MS = 3_600_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * "Forgot password?": the request only writes an outbox row with the address it was given. Whether
 * the address has an account is looked up by the email worker, so the answer and the time it takes
 * are the same either way (decision 126). Limited per IP and per address.
 */
export async function requestPasswordReset(ctx: AppContext, ip: string, email: string, locale: Locale | undefined): Promise<void> {
  const perHour = ctx.config.passwordResetsPerHour;
  await consumeRateLimit(ctx.db, `reset-ip:${ip}`, perHour, 3600);
  await consumeRateLimit(ctx.db, addressRateLimitKey.resetAddress(email), perHour, 3600);
  await queueEmail(ctx.db, { userId: null, kind: 'password_reset', data: { email, ...(locale ? { locale } : {}) } });
}

/**
 * Worker side: the account behind `email` gets a fresh single-use token (only its hash is stored),
 * or null when there is no such account. Its expired tokens are dropped on the way.
 */
export async function issuePasswordReset(db: DbOrTx, clock: Clock, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return null;
  const now = clock.now();
  const token = crypto.randomBytes(32).toString('base64url');
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), lt(passwordResetTokens.expiresAt, now)));
  await db
    .insert(passwordResetTokens)
    .values({ id: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) });
  return { user, token };
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
    await publishLive(tx, { to: { userId: spent.userId }, type: 'logout' });
  });
}
