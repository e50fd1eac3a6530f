import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignupInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { passwordResetTokens, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { pgErrorOf } from '../../db/pgError.js';
import { accountRateLimitKey, addressRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { userByUsername } from '../users/lookup.js';
import { followDefaultAccounts, isFirstAccount } from './firstRun.js';
import { decoyHash, hashNewPassword, verifyPassword } from './password.js';
import { createSession, endOtherSessions } from './sessions.js';
import { endLapsedSuspensions, suspensionRefusal } from '../moderation/service.js';

export { SESSION_COOKIE } from './sessions.js';
export { requestPasswordReset, resetPassword } from './passwordReset.js';

type ParsedSignup = Omit<SignupInput, 'repeatPassword'>;

/**
 * Creates the account, follows the default accounts and opens a session. The first account of an
 * empty instance becomes its admin (decision 170), so nobody has to stop the server to use the CLI.
 */
export async function signUp(ctx: AppContext, input: ParsedSignup): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  if (await userByUsername(ctx.db, input.username)) throw new AppError('username_taken');
  const existingEmail = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existingEmail.length > 0) throw new AppError('email_taken');

  const passwordHash = await hashNewPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const role = ctx.config.firstAccountIsAdmin && (await isFirstAccount(tx)) ? 'admin' : 'user';
      const [user] = await tx
        .insert(users)
        .values({ id: crypto.randomUUID(), email: input.email, username: input.username, fullname: input.fullname, passwordHash, role })
        .returning();
      await followDefaultAccounts(tx, user!.id, ctx.config.defaultFollows);
      const session = await createSession(tx, user!.id, ctx.config.sessionDays);
      return { user: user!, ...session };
    });
  } catch (error) {
    // two sign-ups racing for the same name or email: the unique index decides
    const { code, constraint } = pgErrorOf(error);
    if (code === '23505' && constraint?.includes('username')) throw new AppError('username_taken');
    if (code === '23505' && constraint?.includes('email')) throw new AppError('email_taken');
    throw error;
  }
}

/**
 * Any failure is the same 'Incorrect email or password', and takes the same time. Log-ins are
 * counted per address too (beside per IP in the route): guessing one account's password from
 * many IPs runs into this limit, whether or not the account exists. A browser known to this
 * account (`device`, knownDevice.ts) is counted on its own instead, so that limit cannot be used
 * to lock the owner out.
 */
export async function logIn(ctx: AppContext, email: string, password: string, device: string | null = null) {
  const user = await checkCredentials(ctx, email, password, device);
  // said only to someone who knows the password: why, and until when; a timed suspension whose end
  // passed is over now, whether or not the sweep got to it yet
  if (user.suspendedAt && (await endLapsedSuspensions(ctx, user.id)) === 0) throw suspensionRefusal(user);
  const session = await createSession(ctx.db, user.id, ctx.config.sessionDays);
  return { user, ...session };
}

/**
 * The account of `email` when `password` is its password, else 'Incorrect email or password' in the
 * same time; counted like a sign-in (also for a suspended person's appeal, who cannot sign in).
 */
export async function checkCredentials(ctx: AppContext, email: string, password: string, device: string | null = null): Promise<UserRow> {
  await consumeRateLimit(
    ctx.db,
    device ? `login-device:${device}` : addressRateLimitKey.loginAccount(email),
    ctx.config.rateLimits.loginPerAccountPer15Min,
    900,
  );
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !ok) throw new AppError('incorrect_login');
  return user;
}

/**
 * Proves the signed-in user knows their password before a sensitive change (password change,
 * account deletion). Counted like log-ins, per account, so a stolen session cannot guess it.
 */
export async function confirmPassword(ctx: AppContext, userId: string, password: string): Promise<UserRow> {
  await consumeRateLimit(ctx.db, accountRateLimitKey.passwordCheck(userId), ctx.config.rateLimits.loginPer15Min, 900);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found');
  if (!(await verifyPassword(password, user.passwordHash))) throw new AppError('wrong_password');
  return user;
}

/** Changes the password; every other session of the account ends, this one stays (decision 125). */
export async function changePassword(ctx: AppContext, userId: string, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
  await confirmPassword(ctx, userId, currentPassword);
  const passwordHash = await hashNewPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // a reset link asked for before the change must not undo it
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await endOtherSessions(tx, ctx, userId, sessionId);
  });
}
