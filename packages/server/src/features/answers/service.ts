import { sql } from 'drizzle-orm';
import { PAGE_SIZE, PINNED_ANSWERS_MAX, type Answer, type AnswerPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
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

/** A profile's pinned answers, newest answer first, with the same visibility as its answers. */
const pinnedAnswersStatement = hydratedAnswerPage<{ ownerId: string }>(
  'profile_pinned_answers',
  sql`select ${skeletonColumns(sql`q`)} from questions q
      where q.receiver_id = ${sql.placeholder('ownerId')} and q.answered and q.pinned_at is not null
        and ${visibleAuthor(sql.placeholder('viewerId'), sql`${sql.placeholder('ownerId')}`)}
      order by q.pinned_at desc
      limit ${inlined(PINNED_ANSWERS_MAX)}`,
);

export async function pinnedAnswers(db: DbOrTx, viewerId: string, ownerId: string): Promise<Answer[]> {
  if (ownerId !== viewerId) {
    const state = await blockStateBetween(db, viewerId, ownerId);
    if (state.blockedByOther) throw new AppError('blocked_by_user');
    if (state.viewerBlocked) throw new AppError('user_blocked');
  }
  const rows = await run(db, pinnedAnswersStatement, { viewerId, ownerId });
  return rows.map(answerFromRow);
}

/**
 * Pins or unpins one of the viewer's own answers. At most PINNED_ANSWERS_MAX are pinned: the
 * count and the pin are one statement, so two pins at once cannot make a fourth.
 */
export async function setAnswerPinned(db: DbOrTx, viewerId: string, answerId: string, pinned: boolean): Promise<void> {
  const [answer] = await queryRows<{ receiverId: string; answered: boolean }>(
    db,
    sql`select receiver_id as "receiverId", answered from questions where id = ${answerId}`,
  );
  if (!answer || !answer.answered) throw new AppError('not_found');
  if (answer.receiverId !== viewerId) throw new AppError('answer_not_yours');
  if (!pinned) {
    await db.execute(sql`update questions set pinned_at = null where id = ${answerId}`);
    return;
  }
  const pinnedNow = await queryRows<{ id: string }>(
    db,
    sql`update questions set pinned_at = coalesce(pinned_at, now())
        where id = ${answerId}
          and (pinned_at is not null
               or (select count(*) from questions p where p.receiver_id = ${viewerId} and p.pinned_at is not null) < ${PINNED_ANSWERS_MAX})
        returning id`,
  );
  if (pinnedNow.length === 0) throw new AppError('pins_full');
}
