import { and, eq, sql } from 'drizzle-orm';
import { FILTERED_KEEP_DAYS, PAGE_SIZE, type FilteredPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { filteredQuestions, questions } from '../../db/schema/index.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { isoFromPg } from '../../db/timestamps.js';
import { AppError } from '../../errors.js';
import { notSuspended } from '../visibility/index.js';
import { userSummary } from '../users/views.js';

/**
 * The Filtered folder (decision 310): what a receiver who keeps filtered questions finds of the
 * questions their muted words kept out. features/visibility decides what goes here
 * (questionDelivery); askQuestion writes the row. Only the receiver reads it, here; nothing here
 * notifies, counts or emits an event, and the asker is never told either way.
 */

interface FilteredRow {
  id: string;
  text: string;
  isAnonymous: boolean;
  /** timestamptz as text */
  createdAt: string;
  /** the named sender's card; all null for an anonymous question (its sender is never joined) */
  senderId: string | null;
  senderUsername: string | null;
  senderFullname: string | null;
  senderPhotoUrl: string | null;
  senderBadge: string | null;
}

/** The receiver's Filtered folder, newest first, 20 a page (index filtered_questions_receiver). */
export async function filteredPage(db: DbOrTx, receiverId: string, rawCursor?: string): Promise<FilteredPage> {
  const cursor = decodeCursor(rawCursor) ?? FIRST_PAGE;
  const rows = await queryRows<FilteredRow>(
    db,
    sql`select f.id, f.text, f.is_anonymous as "isAnonymous", f.created_at as "createdAt",
          s.id as "senderId", s.username as "senderUsername", s.fullname as "senderFullname", s.photo_url as "senderPhotoUrl", s.badge as "senderBadge"
        from filtered_questions f
        left join users s on not f.is_anonymous and s.id = f.sender_id and ${notSuspended(sql`s.id`)}
        where f.receiver_id = ${receiverId}
          and (f.created_at, f.id) < (${cursor.at}::timestamptz, ${cursor.id})
        order by ${newestFirst(sql`f.created_at`, sql`f.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      text: r.text,
      isAnonymous: r.isAnonymous,
      createdAt: isoFromPg(r.createdAt),
      sender:
        !r.isAnonymous && r.senderId
          ? userSummary({ id: r.senderId, username: r.senderUsername!, fullname: r.senderFullname!, photoUrl: r.senderPhotoUrl, badge: r.senderBadge! })
          : null,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Keeps a question a muted word kept out (askQuestion calls it in its transaction, with the question's id). */
export async function keepFilteredQuestion(
  tx: DbOrTx,
  question: { id: string; senderId: string; receiverId: string; text: string; isAnonymous: boolean; createdAt: Date },
): Promise<void> {
  await tx.insert(filteredQuestions).values(question);
}

/** The receiver deletes a filtered question; 404 when it is not in their folder. */
export async function deleteFilteredQuestion(db: DbOrTx, receiverId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(filteredQuestions)
    .where(and(eq(filteredQuestions.id, id), eq(filteredQuestions.receiverId, receiverId)))
    .returning({ id: filteredQuestions.id });
  if (deleted.length === 0) throw new AppError('not_found');
}

/**
 * The receiver moves a filtered question to their inbox: from then on a normal question, with its
 * id and time (so it sits where it would have, and the asker's record finds its answer). No
 * `questionAsked` event: nobody is notified after the fact, and the badge counts it from now on.
 */
export async function moveFilteredToInbox(db: DbOrTx, receiverId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(filteredQuestions)
      .where(and(eq(filteredQuestions.id, id), eq(filteredQuestions.receiverId, receiverId)))
      .returning();
    if (!row) throw new AppError('not_found');
    await tx.insert(questions).values({
      id: row.id,
      senderId: row.senderId,
      receiverId: row.receiverId,
      text: row.text,
      isAnonymous: row.isAnonymous,
      createdAt: row.createdAt,
    });
  });
}

/** Drops filtered questions older than FILTERED_KEEP_DAYS (the email worker's periodic sweep runs it); how many. */
export async function purgeOldFilteredQuestions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from filtered_questions where created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${FILTERED_KEEP_DAYS}) returning id`,
  );
  return rows.length;
}
