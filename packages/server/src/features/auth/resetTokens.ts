import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/open.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';

/**
 * The reset link's token. It is minted when the email is written (email/compose.ts), not when it
 * is asked for, so the request's answer and time never tell whether the address has an account
 * (decision 126); only its hash is stored.
 */

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_MS = 3_600_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

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
