import { sql } from 'drizzle-orm';
import { PAGE_SIZE, en, type PostPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { forbidden } from '../../http/errors.js';
import { blockStateBetween } from '../social/rules.js';
import { hydratePosts, postColumns, postCursorTime, type PostRow } from './views.js';

/**
 * A profile's answers, newest answer first, 20 a page on the (receiver_id, answered_at, id)
 * index. Nothing is shown across a block in either direction.
 */
export async function profileAnswersPage(db: DbOrTx, viewerId: string, ownerId: string, rawCursor?: string): Promise<PostPage> {
  if (ownerId !== viewerId) {
    const state = await blockStateBetween(db, viewerId, ownerId);
    if (state.blockedByOther) throw forbidden(en.youHaveBeenBlocked, 'blocked_by_user');
    if (state.viewerBlocked) throw forbidden(en.userBlocked, 'user_blocked');
  }
  const cursor = decodeCursor(rawCursor);
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${postColumns} from questions q
        where q.receiver_id = ${ownerId} and q.answered
          and ${beforeCursor(sql`q.answered_at`, sql`q.id`, cursor)}
        order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, postCursorTime);
  return { items: await hydratePosts(db, viewerId, page.rows), nextCursor: page.nextCursor };
}
