import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type PostPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith } from '../social/rules.js';
import { beforeCursor, decodeCursor, toPage } from '../answers/cursor.js';
import { hydratePosts, postColumns, type PostRow } from '../answers/views.js';

/** Answered questions of the people `viewerId` follows, with no block either way. */
function feedSource(viewerId: string): SQL {
  return sql`from follows f
    join questions q on q.receiver_id = f.followee_id and q.answered
    where f.follower_id = ${viewerId}
      and ${notBlockedWith(viewerId, sql`q.receiver_id`)}`;
}

/**
 * One page of the home feed: one keyset query on (answered_at, id) through the
 * questions_receiver_answered index, then a batch hydration. `until` pins the list to the moment
 * the client loaded it, so answers arriving later only show up in the 'New answers' count.
 */
export async function feedPage(db: DbOrTx, viewerId: string, options: { cursor?: string; until?: string }): Promise<PostPage> {
  const cursor = decodeCursor(options.cursor);
  const until = options.until ? sql`and q.answered_at <= ${new Date(options.until).toISOString()}::timestamptz` : sql``;
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${postColumns} ${feedSource(viewerId)} ${until}
        and ${beforeCursor(sql`q.answered_at`, sql`q.id`, cursor)}
        order by q.answered_at desc, q.id desc
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE);
  return { items: await hydratePosts(db, viewerId, page.rows), nextCursor: page.nextCursor };
}

/** How many answers newer than `since` the viewer's feed has (the 'New answers' pill). */
export async function feedNewCount(db: DbOrTx, viewerId: string, since: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count ${feedSource(viewerId)} and q.answered_at > ${new Date(since).toISOString()}::timestamptz`,
  );
  return Number(rows[0]?.count ?? 0);
}
