import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type AnswerPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { inlined, run } from '../../db/statements.js';
import { AppError } from '../../errors.js';
import { blockStateBetween, visibleAuthor } from '../visibility/index.js';
import { hydratedCursorTime, hydratedAnswerPage, answerFromRow, skeletonColumns } from './views.js';

/**
 * A profile's answers, newest answer first, 20 a page on the (receiver_id, answered_at, id)
 * index, with their users and likes in the same prepared statement.
 */
const profileAnswersStatement = hydratedAnswerPage<{ ownerId: string; at: string; id: string }>(
  'profile_answers_page',
  sql`select ${skeletonColumns(sql`q`)} from questions q
      where q.receiver_id = ${sql.placeholder('ownerId')} and q.answered
        -- on the one author (not per row), so the check is computed once and the index order kept
        and ${visibleAuthor(sql.placeholder('viewerId'), sql`${sql.placeholder('ownerId')}`)}
        and (q.answered_at, q.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')})
      order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
      limit ${inlined(PAGE_SIZE + 1)}`,
);

/** Nothing is shown across a block in either direction. */
export async function profileAnswersPage(db: DbOrTx, viewerId: string, ownerId: string, rawCursor?: string): Promise<AnswerPage> {
  if (ownerId !== viewerId) {
    const state = await blockStateBetween(db, viewerId, ownerId);
    if (state.blockedByOther) throw new AppError('blocked_by_user');
    if (state.viewerBlocked) throw new AppError('user_blocked');
  }
  const cursor = decodeCursor(rawCursor) ?? FIRST_PAGE;
  const rows = await run(db, profileAnswersStatement, { viewerId, ownerId, at: cursor.at, id: cursor.id });
  const page = toPage(rows, PAGE_SIZE, hydratedCursorTime);
  return { items: page.rows.map(answerFromRow), nextCursor: page.nextCursor };
}
