import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { users, withoutHash, type UserRow, type UserRowWithoutHash } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { queryRows } from '../../db/sql.js';
import { runOne, statement, tableColumns, tableRow } from '../../db/statements.js';

/**
 * The one lookup of a user by username, for routes (a /:username path segment), sign-up and
 * the CLI: usernames are stored lower-case, so the name is trimmed and lower-cased first.
 */
export async function userByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.username, username.trim().toLowerCase())).limit(1);
  return user ?? null;
}

// findUserByUsername runs on every profile request: a prepared statement, planned once
const activeUserStatement = statement<Record<string, unknown>, { username: string }>(
  'active_user_by_username',
  sql`select ${tableColumns(users, 'u', withoutHash)} from users u where u.username = ${sql.placeholder('username')} and u.suspended_at is null limit 1`,
);
const userFromRow = tableRow(users, withoutHash);

// the account a former name still leads to (username_history, held for a year)
const renamedUserStatement = statement<Record<string, unknown>, { username: string }>(
  'active_user_by_former_username',
  sql`select ${tableColumns(users, 'u', withoutHash)} from username_history h join users u on u.id = h.user_id
      where h.username = ${sql.placeholder('username')} and h.held_until > now() and u.suspended_at is null limit 1`,
);

/**
 * The user behind a /:username path segment, or a 404. Services then take the user's id. A
 * suspended account is not found (moderation, decision 108): its profile, answers and the ways
 * to reach it vanish until it is restored. A name the account had before still finds it while it
 * is held (Settings › Change username): old links keep working; the user returned carries the
 * current name.
 */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRowWithoutHash> {
  const name = username.trim().toLowerCase();
  const row = (await runOne(db, activeUserStatement, { username: name })) ?? (await runOne(db, renamedUserStatement, { username: name }));
  if (!row) throw new AppError('user_not_found');
  return userFromRow(row);
}

/** Whether `username` is a former name some account still holds (nobody else may take it). */
export async function isHeldUsername(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from username_history where username = ${username.trim().toLowerCase()} and held_until > now() limit 1`);
  return rows.length > 0;
}

/** The current name of the account that had `username` before, while it is held (null when none, or suspended). */
export async function renamedTo(db: DbOrTx, username: string): Promise<{ id: string; username: string; publicProfile: boolean } | null> {
  const [row] = await queryRows<{ id: string; username: string; publicProfile: boolean }>(
    db,
    sql`select u.id, u.username, u.public_profile as "publicProfile" from username_history h join users u on u.id = h.user_id
        where h.username = ${username.trim().toLowerCase()} and h.held_until > now() and u.suspended_at is null limit 1`,
  );
  return row ?? null;
}

/** `url` (a /u/:username/… address) under the account's current name, query kept. */
export function movedUrl(url: string, username: string): string {
  return url.replace(/^\/u\/[^/?#]+/, `/u/${encodeURIComponent(username)}`);
}
