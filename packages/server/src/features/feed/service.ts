import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type PostPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { inlined, run } from '../../db/statements.js';
import { notBlockedWith } from '../social/rules.js';
import { hydratedCursorTime, hydratedPostPage, postFromRow, skeletonColumns } from '../answers/views.js';

const at = sql.placeholder('at');
const id = sql.placeholder('id');

/**
 * One page of the home feed: for each followee (no block either way), their newest answers
 * before the cursor from the questions_receiver_answered index (at most a page each, via
 * LATERAL), then the newest page of those — with its users and likes, in one prepared statement.
 * Work is bounded by followees × page size, however many answers they have, and there is no
 * OFFSET. `until` pins the list to the moment the client loaded it (the end of time when not
 * pinned), so answers arriving later only show up in the 'New answers' count.
 */
const feedStatement = hydratedPostPage<{ at: string; id: string; until: string }>(
  'feed_page',
  sql`select ${skeletonColumns}
      from follows f
      cross join lateral (
        select * from questions q
        where q.receiver_id = f.followee_id and q.answered and q.answered_at <= ${sql.placeholder('until')}::timestamptz
          and (q.answered_at, q.id) < (${at}::timestamptz, ${id})
        order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
        limit ${inlined(PAGE_SIZE + 1)}
      ) q
      where f.follower_id = ${sql.placeholder('viewerId')}
        and ${notBlockedWith(sql.placeholder('viewerId'), sql`f.followee_id`)}
      order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
      limit ${inlined(PAGE_SIZE + 1)}`,
);

export async function feedPage(db: DbOrTx, viewerId: string, options: { cursor?: string; until?: string }): Promise<PostPage> {
  const cursor = decodeCursor(options.cursor) ?? FIRST_PAGE;
  const until = options.until ? new Date(options.until).toISOString() : 'infinity';
  const rows = await run(db, feedStatement, { viewerId, at: cursor.at, id: cursor.id, until });
  const page = toPage(rows, PAGE_SIZE, hydratedCursorTime);
  return { items: page.rows.map(postFromRow), nextCursor: page.nextCursor };
}

/** How many answers newer than `since` the viewer's feed has (the 'New answers' pill). */
export async function feedNewCount(db: DbOrTx, viewerId: string, since: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from follows f
        join questions q on q.receiver_id = f.followee_id and q.answered and q.answered_at > ${new Date(since).toISOString()}::timestamptz
        where f.follower_id = ${viewerId}
          and ${notBlockedWith(viewerId, sql`f.followee_id`)}`,
  );
  return Number(rows[0]?.count ?? 0);
}
