import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { users, withoutHash, type UserRow, type UserRowWithoutHash } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
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

/**
 * The user behind a /:username path segment, or a 404. Services then take the user's id. A
 * suspended account is not found (moderation, decision 108): its profile, answers and the ways
 * to reach it vanish until it is restored.
 */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRowWithoutHash> {
  const row = await runOne(db, activeUserStatement, { username: username.trim().toLowerCase() });
  if (!row) throw new AppError('user_not_found');
  return userFromRow(row);
}
