import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { sessions, users } from '../../db/schema/index.js';

export const SESSION_COOKIE = 'askbox_session';

export type SessionUser = typeof users.$inferSelect;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(db: DbOrTx, userId: string, days: number): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  // keep the table small: drop this user's expired sessions while we are here
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

export async function findSessionUser(db: DbOrTx, token: string): Promise<{ sessionId: string; user: SessionUser } | null> {
  const id = hashToken(token);
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  return row ? { sessionId: id, user: row.user } : null;
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
