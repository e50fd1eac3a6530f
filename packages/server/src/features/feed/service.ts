import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type AnswerPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { inlined, run } from '../../db/statements.js';
import { visibleAuthor } from '../visibility/index.js';
import { hydratedCursorTime, hydratedAnswerPage, answerFromRow, skeletonColumns } from '../answers/views.js';

const at = sql.placeholder('at');
const id = sql.placeholder('id');

/** Answers of one followee that may be on this page: before the cursor, not after `until`. */
const onThisPage = sql`q.answered and q.answered_at <= ${sql.placeholder('until')}::timestamptz and (q.answered_at, q.id) < (${at}::timestamptz, ${id})`;
const pageRows = inlined(PAGE_SIZE + 1);

/**
 * One page of the home feed: the newest answers of the people the viewer follows (no block
 * either way, not suspended) and the viewer's own, as in every social app's home, before the cursor, with their users and likes, in one prepared
 * statement, from the questions_receiver_answered index and without OFFSET. `until` pins the list
 * to the moment the client loaded it (the end of time when not pinned), so answers arriving later
 * only show up in the 'New answers' count.
 *
 * In two steps, so most followees cost one index probe (decision 185): `newest` reads each
 * followee's newest answer on this page (an index-only probe, LIMIT 1); the page's 21st-newest of
 * those is a floor — at least 21 answers are at or above it, so every answer of the page is too —
 * and only followees whose newest answer reaches the floor are read further, at most a page each.
 */
const feedStatement = hydratedAnswerPage<{ at: string; id: string; until: string; withOwn: boolean }>(
  'feed_page',
  sql`with followed as (
        select f.followee_id from follows f
        where f.follower_id = ${sql.placeholder('viewerId')} and ${visibleAuthor(sql.placeholder('viewerId'), sql`f.followee_id`)}
        -- the viewer's own answers too (FIRST_LOOK=on, decision 364); the spec's feed is the followed people's only
        union all select ${sql.placeholder('viewerId')}::text where ${sql.placeholder('withOwn')}::boolean
      ),
      newest as (
        select followed.followee_id, latest.answered_at from followed
        cross join lateral (
          select q.answered_at from questions q
          where q.receiver_id = followed.followee_id and ${onThisPage}
          order by ${newestFirst(sql`q.answered_at`, sql`q.id`)} limit 1
        ) latest
      ),
      floor as (
        select coalesce((select answered_at from newest order by answered_at desc offset ${inlined(PAGE_SIZE)} limit 1), '-infinity'::timestamptz) as at
      )
      select ${skeletonColumns(sql`q`)}
      from newest n
      cross join lateral (
        select * from questions q
        where q.receiver_id = n.followee_id and ${onThisPage} and q.answered_at >= (select at from floor)
        order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
        limit ${pageRows}
      ) q
      where n.answered_at >= (select at from floor)
      order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
      limit ${pageRows}`,
);

export async function feedPage(db: DbOrTx, viewerId: string, options: { cursor?: string; until?: string; withOwnAnswers?: boolean }): Promise<AnswerPage> {
  const cursor = decodeCursor(options.cursor) ?? FIRST_PAGE;
  const until = options.until ? new Date(options.until).toISOString() : 'infinity';
  const rows = await run(db, feedStatement, { viewerId, at: cursor.at, id: cursor.id, until, withOwn: options.withOwnAnswers ?? true });
  const page = toPage(rows, PAGE_SIZE, hydratedCursorTime);
  return { items: page.rows.map(answerFromRow), nextCursor: page.nextCursor };
}

/** How many answers newer than `since` the viewer's feed has (the 'New answers' pill). */
export async function feedNewCount(db: DbOrTx, viewerId: string, since: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from follows f
        join questions q on q.receiver_id = f.followee_id and q.answered and q.answered_at > ${new Date(since).toISOString()}::timestamptz
        where f.follower_id = ${viewerId}
          and ${visibleAuthor(viewerId, sql`f.followee_id`)}`,
  );
  return Number(rows[0]?.count ?? 0);
}
