import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type PostPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith } from '../social/rules.js';
import { notSuspended } from '../moderation/suspension.js';
import { hydratePosts, postColumns, postCursorTime, type PostRow } from '../answers/views.js';

/**
 * One page of the home feed in one query: for each followee (no block either way), their newest
 * answers before the cursor from the questions_receiver_answered index (at most a page each, via
 * LATERAL), then the newest page of those. Work is bounded by followees × page size, however
 * many answers they have, and there is no OFFSET. `until` pins the list to the moment the client
 * loaded it, so answers arriving later only show up in the 'New answers' count.
 */
export async function feedPage(db: DbOrTx, viewerId: string, options: { cursor?: string; until?: string }): Promise<PostPage> {
  const cursor = decodeCursor(options.cursor);
  const until = options.until ? sql`and q.answered_at <= ${new Date(options.until).toISOString()}::timestamptz` : sql``;
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${postColumns}
        from follows f
        cross join lateral (
          select * from questions q
          where q.receiver_id = f.followee_id and q.answered ${until}
            and ${beforeCursor(sql`q.answered_at`, sql`q.id`, cursor)}
          order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
          limit ${PAGE_SIZE + 1}
        ) q
        where f.follower_id = ${viewerId}
          and ${notBlockedWith(viewerId, sql`f.followee_id`)}
          and ${notSuspended(sql`f.followee_id`)}
        order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, postCursorTime);
  return { items: await hydratePosts(db, viewerId, page.rows), nextCursor: page.nextCursor };
}

/** How many answers newer than `since` the viewer's feed has (the 'New answers' pill). */
export async function feedNewCount(db: DbOrTx, viewerId: string, since: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from follows f
        join questions q on q.receiver_id = f.followee_id and q.answered and q.answered_at > ${new Date(since).toISOString()}::timestamptz
        where f.follower_id = ${viewerId}
          and ${notBlockedWith(viewerId, sql`f.followee_id`)}
          and ${notSuspended(sql`f.followee_id`)}`,
  );
  return Number(rows[0]?.count ?? 0);
}
