import crypto from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { twoFactor, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { CredentialContext } from './credentials.js';

/** How long the code step may take after the password: long enough to open an app, too short to keep. */
export const PENDING_LOGIN_SECONDS = 5 * 60;

/** Whether the account signs in with a second factor (features/twoFactor turns it on). */
export async function secondFactorOn(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

// the password hash is signed too: a new password (or a reset) voids a code step under way
const signatureOf = (ctx: CredentialContext, payload: string, passwordHash: string) =>
  crypto.createHmac('sha256', ctx.email.linkSecret).update(`pending-login:${payload}:${passwordHash}`).digest('base64url');

/**
 * The log-in's answer after a right password, for an account with two-factor sign-in: not a session,
 * a signed note that this account's password was given, valid a few minutes, for the code step.
 */
export function pendingLoginToken(ctx: CredentialContext, user: Pick<UserRow, 'id' | 'passwordHash'>): string {
  const payload = `${Buffer.from(user.id).toString('base64url')}.${ctx.clock.now().getTime() + PENDING_LOGIN_SECONDS * 1000}`;
  return `${payload}.${signatureOf(ctx, payload, user.passwordHash)}`;
}

/** The account a code step continues, or 'two_factor_login_expired' for a late, altered or voided token. */
export async function pendingLoginUser(ctx: CredentialContext, token: string): Promise<UserRow> {
  const [encodedId, expires, given] = token.split('.');
  const expired = new AppError('two_factor_login_expired');
  if (!encodedId || !expires || !given || !(Number(expires) > ctx.clock.now().getTime())) throw expired;
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.id, Buffer.from(encodedId, 'base64url').toString('utf8')))
    .limit(1);
  if (!user) throw expired;
  const expected = Buffer.from(signatureOf(ctx, `${encodedId}.${expires}`, user.passwordHash));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) throw expired;
  return user;
}
