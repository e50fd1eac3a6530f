import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { messages } from '@askbox/common';

/** The user behind a /:username path segment (usernames are stored lower-case), or a 404. */
export async function findUserByUsername(db: DbOrTx, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username.trim().toLowerCase())).limit(1);
  if (!user) throw notFound(messages.userNotFound);
  return user;
}
