import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { SignedInSession } from '@askbox/common';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { sessions, users, withoutHash, type UserRowWithoutHash } from '../../db/schema/index.js';
import { run, runOne, statement, tableColumns, tableRow } from '../../db/statements.js';
import { events } from '../../events/emit.js';
import { AppError } from '../../errors.js';
import { NO_DEVICE, type DeviceSummary } from './userAgent.js';

export const SESSION_COOKIE = 'askbox_session';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: DbOrTx,
  userId: string,
  days: number,
  device: DeviceSummary = NO_DEVICE,
  /** when the sign-in proved the second factor (features/twoFactor), if it did */
  secondFactorAt: Date | null = null,
): Promise<{ token: string; expiresAt: Date; publicId: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  const publicId = crypto.randomUUID();
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt, publicId, browser: device.browser, os: device.os, secondFactorAt });
  // keep the table small: drop this user's expired sessions while we are here
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt, publicId };
}

/**
 * A session begun by signing in (a password, a code step or a passkey; not by signing up). On a
 * browser the account was never signed in from (no known-device cookie, knownDevice.ts) its owner
 * is told: the `signedInFromNewDevice` event (an email, when the operator leaves it on).
 */
export async function signInSession(
  ctx: AppContext,
  userId: string,
  device: DeviceSummary,
  knownDeviceId: string | null,
  secondFactorAt: Date | null = null,
): Promise<{ token: string; expiresAt: Date; publicId: string }> {
  const session = await createSession(ctx.db, userId, ctx.config.sessionDays, device, secondFactorAt);
  if (!knownDeviceId) await events.emit(ctx.db, ctx, { type: 'signedInFromNewDevice', userId, browser: device.browser, os: device.os, at: ctx.clock.now() });
  return session;
}

/**
 * How stale a session's time of last use may get: 'Your sessions' shows it coarsely, so a request
 * writes it only when it is older than this, never on every request.
 */
export const LAST_USED_EVERY_MINUTES = 5;

/**
 * The viewer hook's lookup, run on every API request: a prepared statement, planned once. It also
 * says whether the session's time of last use is due to move forward.
 */
const sessionUserStatement = statement<Record<string, unknown>, { id: string }>(
  'session_viewer',
  sql`select ${tableColumns(users, 'u', withoutHash)},
        s.last_used_at < now() - ${sql.raw(`interval '${LAST_USED_EVERY_MINUTES} minutes'`)} as session_last_use_due
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sql.placeholder('id')} and s.expires_at > now() and u.suspended_at is null
      limit 1`,
);
const touchSessionStatement = statement<never, { id: string }>(
  'session_touch',
  sql`update sessions set last_used_at = now() where id = ${sql.placeholder('id')}`,
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
    if (!row) return null;
    if (row.session_last_use_due === true) await run(db, touchSessionStatement, { id });
    return { sessionId: id, user: userFromRow(row) };
  };
}

/** Logout: the session row goes, and its open live streams close on every instance. */
export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: [sessionId] });
  });
}

/** Every session of the user but `keepSessionId` ends (a password change, 'Sign out all other sessions'), their live streams too. */
export async function endOtherSessions(tx: DbOrTx, ctx: AppContext, userId: string, keepSessionId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: ended.map((s) => s.id) });
  return ended.length;
}

/** 'Your sessions': the account's unexpired sessions, this one first, then the most recently used. */
export async function listSessions(db: DbOrTx, userId: string, currentSessionId: string): Promise<SignedInSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      browser: sessions.browser,
      os: sessions.os,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const listed = rows.map((row) => ({
    id: row.publicId,
    browser: row.browser,
    os: row.os,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
}

/**
 * Signs out one session of the account, named by its public id: its cookie is refused from now on,
 * its live streams close and its push subscription goes with it (by cascade). Another account's
 * session is 'not_found', as one that does not exist: whether it exists is none of the asker's business.
 * Returns the ended session's id (the caller's own, when one signs out this device this way).
 */
export async function endSessionNamed(ctx: AppContext, userId: string, publicId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
      .returning({ id: sessions.id });
    if (!ended) throw new AppError('not_found');
    await events.emit(tx, ctx, { type: 'sessionsEnded', sessionIds: [ended.id] });
    return ended.id;
  });
}
