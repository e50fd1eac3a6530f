import { eq } from 'drizzle-orm';
import type { AppContext, ServerContext } from '../../context.js';
import { pendingSignups, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { addressRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { challengeSecret, loginNeedsChallenge, recordLoginFailure, spendChallenge } from '../challenge/service.js';
import { decoyHash, verifyPassword } from './password.js';

/** What the check needs of the server: the database, the settings, and the key challenges are signed with. */
export type CredentialContext = AppContext & Pick<ServerContext, 'email'>;

/** One attempt to prove who one is with a password, as a request brings it. */
export interface CredentialAttempt {
  /** the client as rate limits count it (rateLimitClient(request.ip)) */
  client: string;
  email: string;
  password: string;
  /** the form's solved proof-of-work challenge, needed after failures to this address */
  challenge?: string;
  /** a browser known to this account (knownDevice.ts): counted on its own instead of the address */
  device?: string | null;
}

/**
 * The log-in's guards, in order: the per-IP limit (shared by everything that checks a password or a
 * second factor), a solved challenge once this address has failed a few times (SIGNUP_CHALLENGE=on),
 * then the per-account limit (per known browser, for a browser known to the account). The password
 * check below and the two-factor code step (features/twoFactor) both pass through them.
 */
export async function guardLoginAttempt(ctx: CredentialContext, attempt: Omit<CredentialAttempt, 'password'>): Promise<void> {
  await consumeRateLimit(ctx.db, `login:${attempt.client}`, ctx.config.rateLimits.loginPer15Min, 900);
  if (ctx.config.challenge.enabled && (await loginNeedsChallenge(ctx, attempt.email))) {
    await spendChallenge(ctx, challengeSecret(ctx.email.linkSecret), 'login', attempt.challenge);
  }
  await consumeRateLimit(
    ctx.db,
    attempt.device ? `login-device:${attempt.device}` : addressRateLimitKey.loginAccount(attempt.email),
    ctx.config.rateLimits.loginPerAccountPer15Min,
    900,
  );
}

/**
 * The one credential check: the log-in, a suspended person's appeal and a signed-in person's
 * confirmation (password change, account deletion) all go through it, so none of them is a
 * log-in without the log-in's guards. In order: the per-IP limit (shared by all of them), a
 * solved challenge once this address has failed a few times (SIGNUP_CHALLENGE=on), the
 * per-account limit, then the password, in the same time whether or not the address has an
 * account. Any failure is the log-in's 'Incorrect email or password', counted as a failure.
 */
export async function checkCredentials(ctx: CredentialContext, attempt: CredentialAttempt): Promise<UserRow> {
  await guardLoginAttempt(ctx, attempt);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, attempt.email)).limit(1);
  // no account yet: a sign-up waiting for approval is told so, to someone who knows its password
  const [pending] = user
    ? []
    : await ctx.db.select({ passwordHash: pendingSignups.passwordHash }).from(pendingSignups).where(eq(pendingSignups.email, attempt.email)).limit(1);
  const ok = await verifyPassword(attempt.password, user?.passwordHash ?? pending?.passwordHash ?? (await decoyHash));
  if (pending && ok) throw new AppError('account_pending');
  if (!user || !ok) {
    await recordLoginFailure(ctx, attempt.email);
    throw new AppError('incorrect_login');
  }
  return user;
}
