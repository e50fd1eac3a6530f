import { eq, sql } from 'drizzle-orm';
import { PAGE_SIZE, messages, type PostPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { forbidden, notFound } from '../../http/errors.js';
import { blockStateBetween } from '../social/rules.js';
import { beforeCursor, decodeCursor, toPage } from './cursor.js';
import { hydratePosts, postColumns, type PostRow } from './views.js';

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username.toLowerCase())).limit(1);
  if (!user) throw notFound(messages.userNotFound);
  return user;
}

/**
 * A profile's answers, newest answer first, 20 a page on the (receiver_id, answered_at, id)
 * index. Nothing is shown across a block in either direction.
 */
export async function profileAnswersPage(db: DbOrTx, viewerId: string, username: string, rawCursor?: string): Promise<PostPage> {
  const owner = await findUserByUsername(db, username);
  if (owner.id !== viewerId) {
    const state = await blockStateBetween(db, viewerId, owner.id);
    if (state.blockedByOther) throw forbidden(messages.youHaveBeenBlocked, 'blocked_by_user');
    if (state.viewerBlocked) throw forbidden(messages.userBlocked, 'user_blocked');
  }
  const cursor = decodeCursor(rawCursor);
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${postColumns} from questions q
        where q.receiver_id = ${owner.id} and q.answered
          and ${beforeCursor(sql`q.answered_at`, sql`q.id`, cursor)}
        order by q.answered_at desc, q.id desc
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE);
  return { items: await hydratePosts(db, viewerId, page.rows), nextCursor: page.nextCursor };
}
