import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignupInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { passwordResetTokens, pendingSignups, users, type UserRow } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { AppError } from '../../errors.js';
import { pgErrorOf } from '../../db/pgError.js';
import { isHeldUsername, userByUsername } from '../users/lookup.js';
import { followDefaultAccounts, isFirstAccount } from './firstRun.js';
import { hashNewPassword } from './password.js';
import { checkCredentials, type CredentialAttempt, type CredentialContext } from './credentials.js';
import { createSession, endOtherSessions, signInSession } from './sessions.js';
import { pendingLoginToken, secondFactorOn } from './pendingLogin.js';
import { NO_DEVICE, type DeviceSummary } from './userAgent.js';
import { endLapsedSuspensions, suspensionRefusal } from '../moderation/service.js';

export { SESSION_COOKIE } from './sessions.js';
export { deviceSummary, NO_DEVICE, type DeviceSummary } from './userAgent.js';
export { requestPasswordReset, resetPassword } from './passwordReset.js';
export { followDefaultAccounts } from './firstRun.js';
export { hashNewPassword } from './password.js';
export { checkCredentials, guardLoginAttempt, type CredentialAttempt, type CredentialContext } from './credentials.js';
export { createSession, endOtherSessions, signInSession } from './sessions.js';
export { knownDevice, DEVICE_COOKIE } from './knownDevice.js';
export { pendingLoginUser, secondFactorOn, PENDING_LOGIN_SECONDS } from './pendingLogin.js';

type ParsedSignup = Pick<SignupInput, 'email' | 'username' | 'fullname' | 'password'>;

export interface SignupOptions {
  /** runs in the account's transaction before it commits (an invite's use is spent there) */
  inTransaction?: (tx: DbOrTx) => Promise<void>;
  /** the address needs no confirmation link (an account the operator makes with the CLI) */
  addressConfirmed?: boolean;
  /**
   * only as the instance's first account (a sign-up let in because the instance looked empty): decided
   * under the first-account lock, so of simultaneous sign-ups one gets it and the others 'registrations_closed'
   */
  onlyAsFirstAccount?: boolean;
  /** the browser and system the sign-up came from, for 'Your sessions' */
  device?: DeviceSummary;
}

/** Refuses a name or address already used by an account or by a sign-up waiting for approval, or a former name an account still holds. */
export async function assertNameAndAddressFree(db: DbOrTx, username: string, email: string): Promise<void> {
  const [pendingName] = await db.select({ id: pendingSignups.id }).from(pendingSignups).where(eq(pendingSignups.username, username)).limit(1);
  if (pendingName || (await userByUsername(db, username)) || (await isHeldUsername(db, username))) throw new AppError('username_taken');
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
      const first = ctx.config.firstAccountIsAdmin && (await isFirstAccount(tx));
      if (options.onlyAsFirstAccount && !first) throw new AppError('registrations_closed');
      const role = first ? 'admin' : 'user';
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
      const session = await createSession(tx, user!.id, ctx.config.sessionDays, options.device);
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
 * Signs in through the one credential check (credentials.ts: the per-IP and per-account limits, a
 * challenge after failures, 'Incorrect email or password' for any failure, in the same time).
 */
export async function logIn(ctx: CredentialContext, attempt: CredentialAttempt, device: DeviceSummary = NO_DEVICE): Promise<LogInOutcome> {
  const user = await checkCredentials(ctx, attempt);
  // said only to someone who knows the password: why, and until when; a timed suspension whose end
  // passed is over now, whether or not the sweep got to it yet
  if (user.suspendedAt && (await endLapsedSuspensions(ctx, user.id)) === 0) throw suspensionRefusal(user);
  // two-factor sign-in: no session yet, the code step first (features/twoFactor, decision 362)
  if (await secondFactorOn(ctx.db, user.id)) return { kind: 'second_factor', token: pendingLoginToken(ctx, user) };
  const session = await signInSession(ctx, user.id, device, attempt.device ?? null);
  return { kind: 'session', user, ...session };
}

/** A log-in's outcome: signed in, or the password was right and the code step comes next. */
export type LogInOutcome = { kind: 'session'; user: UserRow; token: string; expiresAt: Date; publicId: string } | { kind: 'second_factor'; token: string };

/**
 * Proves the signed-in user knows their password before a sensitive change (password change,
 * account deletion): the log-in's own credential check on their address, so a stolen session
 * meets the same limits and challenge as a log-in. A wrong password is said as 'Incorrect password'.
 */
export async function confirmPassword(ctx: CredentialContext, userId: string, proof: Omit<CredentialAttempt, 'email' | 'device'>): Promise<UserRow> {
  const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) throw new AppError('not_found');
  try {
    return await checkCredentials(ctx, { ...proof, email: account.email });
  } catch (error) {
    if (error instanceof AppError && error.code === 'incorrect_login') throw new AppError('wrong_password');
    throw error;
  }
}

/** Changes the password; every other session of the account ends, this one stays (decision 125). */
export async function changePassword(
  ctx: CredentialContext,
  userId: string,
  sessionId: string,
  proof: Omit<CredentialAttempt, 'email' | 'device'>,
  newPassword: string,
): Promise<void> {
  await confirmPassword(ctx, userId, proof);
  const passwordHash = await hashNewPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // a reset link asked for before the change must not undo it
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await endOtherSessions(tx, ctx, userId, sessionId);
  });
}
