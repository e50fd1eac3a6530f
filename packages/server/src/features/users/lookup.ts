import { eq } from 'drizzle-orm';
import { en } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';

/**
 * The one lookup of a user by username, for routes (a /:username path segment), sign-up and
 * the CLI: usernames are stored lower-case, so the name is trimmed and lower-cased first.
 */
export async function userByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.username, username.trim().toLowerCase())).limit(1);
  return user ?? null;
}

/** The user behind a /:username path segment, or a 404. Services then take the user's id. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow> {
  const user = await userByUsername(db, username);
  if (!user) throw notFound(en.userNotFound);
  return user;
}
