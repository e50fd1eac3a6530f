import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignupInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { passwordResetTokens, pendingSignups, users, type UserRow } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
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
export { followDefaultAccounts } from './firstRun.js';
export { hashNewPassword } from './password.js';

type ParsedSignup = Pick<SignupInput, 'email' | 'username' | 'fullname' | 'password'>;

export interface SignupOptions {
  /** runs in the account's transaction before it commits (an invite's use is spent there) */
  inTransaction?: (tx: DbOrTx) => Promise<void>;
  /** the address needs no confirmation link (an account the operator makes with the CLI) */
  addressConfirmed?: boolean;
}

/** Refuses a name or address already used by an account or by a sign-up waiting for approval. */
export async function assertNameAndAddressFree(db: DbOrTx, username: string, email: string): Promise<void> {
  const [pendingName] = await db.select({ id: pendingSignups.id }).from(pendingSignups).where(eq(pendingSignups.username, username)).limit(1);
  if (pendingName || (await userByUsername(db, username))) throw new AppError('username_taken');
  const existingEmail = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const pendingEmail = await db.select({ id: pendingSignups.id }).from(pendingSignups).where(eq(pendingSignups.email, email)).limit(1);
  if (existingEmail.length > 0 || pendingEmail.length > 0) throw new AppError('email_taken');
}

/**
 * Creates the account, follows the default accounts and opens a session. The first account of an
 * empty instance becomes its admin (decision 170), so nobody has to stop the server to use the CLI.
 * The operator's sign-up rules are checked before (instanceAccess/signup.ts); the CLI skips them.
 */
export async function signUp(ctx: AppContext, input: ParsedSignup, options: SignupOptions = {}): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  await assertNameAndAddressFree(ctx.db, input.username, input.email);

  const passwordHash = await hashNewPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const role = ctx.config.firstAccountIsAdmin && (await isFirstAccount(tx)) ? 'admin' : 'user';
      // EMAIL_VERIFICATION=on: a link to follow before asking or answering; not for the operator's own accounts (decision 284)
      const needsConfirmation = ctx.config.emailVerification && role !== 'admin' && !options.addressConfirmed;
      const [user] = await tx
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          email: input.email,
          username: input.username,
          fullname: input.fullname,
          passwordHash,
          role,
          emailVerifiedAt: needsConfirmation ? null : ctx.clock.now(),
        })
        .returning();
      await options.inTransaction?.(tx);
      await followDefaultAccounts(tx, user!.id, ctx.config.defaultFollows);
      if (needsConfirmation) await events.emit(tx, ctx, { type: 'emailVerificationRequested', userId: user!.id });
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
  // no account yet: a sign-up waiting for approval is told so, to someone who knows its password
  const [pending] = user
    ? []
    : await ctx.db.select({ passwordHash: pendingSignups.passwordHash }).from(pendingSignups).where(eq(pendingSignups.email, email)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? pending?.passwordHash ?? (await decoyHash));
  if (pending && ok) throw new AppError('account_pending');
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
