import crypto from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { sessions, users, withoutHash, type UserRowWithoutHash } from '../../db/schema/index.js';
import { runOne, statement, tableColumns, tableRow } from '../../db/statements.js';
import { events } from '../../events/emit.js';

export const SESSION_COOKIE = 'askbox_session';

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

/** The viewer hook's lookup, run on every API request: a prepared statement, planned once. */
const sessionUserStatement = statement<Record<string, unknown>, { id: string }>(
  'session_viewer',
  sql`select ${tableColumns(users, 'u', withoutHash)} from sessions s join users u on u.id = s.user_id
      where s.id = ${sql.placeholder('id')} and s.expires_at > now() and u.suspended_at is null
      limit 1`,
);
const userFromRow = tableRow(users, withoutHash);

/** Whether a request carries a session cookie, valid or not (a page's first-screen hints, http/webShell.ts). */
export const hasSessionCookie = (request: FastifyRequest): boolean => request.cookies[SESSION_COOKIE] !== undefined;

/** The viewer of a request, from its session cookie: what app.ts gives the HTTP layer's viewer hook. */
export function sessionViewer(db: DbOrTx): (request: FastifyRequest) => Promise<{ user: UserRowWithoutHash; sessionId: string } | null> {
  return async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const id = hashToken(token);
    const row = await runOne(db, sessionUserStatement, { id });
    return row ? { sessionId: id, user: userFromRow(row) } : null;
  };
}

/** Logout: the session row goes, and its open live streams close on every instance. */
export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: [sessionId] });
  });
}

/** Every session of the user but `keepSessionId` ends (a password change), their live streams too. */
export async function endOtherSessions(tx: DbOrTx, ctx: AppContext, userId: string, keepSessionId: string): Promise<void> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: ended.map((s) => s.id) });
}
