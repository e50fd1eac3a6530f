import { and, eq, sql } from 'drizzle-orm';
import { FILTERED_KEEP_DAYS, PAGE_SIZE, type FilteredPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { filteredQuestions } from '../../db/schema/index.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { notSuspended } from '../visibility/index.js';
import { placeInInbox } from '../asking/pipeline.js';
import { receivedQuestionView, senderCardColumns, type ReceivedQuestionRow } from '../questions/views.js';

/**
 * The Filtered folder (decision 310): what a receiver who keeps filtered questions finds of the
 * questions their muted words kept out, however they were asked (decision 327). features/visibility
 * decides what goes here (deliveryFor); features/asking writes the row, for every way of asking.
 * Only the receiver reads it, here; nothing here notifies, counts or emits an event, and the asker
 * is never told either way.
 */

/** The receiver's Filtered folder, newest first, 20 a page (index filtered_questions_receiver), shown as the inbox shows a question. */
export async function filteredPage(db: DbOrTx, receiverId: string, rawCursor?: string): Promise<FilteredPage> {
  const cursor = decodeCursor(rawCursor) ?? FIRST_PAGE;
  const rows = await queryRows<ReceivedQuestionRow>(
    db,
    sql`select f.id, f.text, f.is_anonymous as "isAnonymous", f.is_global as "isGlobal", f.to_followers as "toFollowers", f.created_at as "createdAt",
          ${senderCardColumns(sql`s`)},
          f.remote_actor_uri as "remoteActorUri", f.remote_handle as "remoteHandle", f.remote_name as "remoteName", f.remote_domain as "remoteDomain", f.remote_visibility as "remoteVisibility"
        from filtered_questions f
        left join users s on not f.is_anonymous and s.id = f.sender_id and ${notSuspended(sql`s.id`)}
        where f.receiver_id = ${receiverId}
          and (f.created_at, f.id) < (${cursor.at}::timestamptz, ${cursor.id})
        order by ${newestFirst(sql`f.created_at`, sql`f.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  return { items: page.rows.map(receivedQuestionView), nextCursor: page.nextCursor };
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
 * id, time and origin (so it sits where it would have, shows as it would have, and the asker's
 * record finds its answer). No `questionAsked` event: nobody is notified after the fact, and the
 * badge counts it from now on.
 */
export async function moveFilteredToInbox(db: DbOrTx, receiverId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(filteredQuestions)
      .where(and(eq(filteredQuestions.id, id), eq(filteredQuestions.receiverId, receiverId)))
      .returning();
    if (!row) throw new AppError('not_found');
    const { visitorKey, remoteActorUri, remoteHandle, remoteName, remoteDomain, remotePostUri, remoteVisibility, ...question } = row;
    const remote =
      remoteActorUri && remotePostUri && remoteVisibility
        ? {
            actorUri: remoteActorUri,
            handle: remoteHandle ?? '',
            name: remoteName ?? '',
            domain: remoteDomain ?? '',
            postUri: remotePostUri,
            visibility: remoteVisibility,
          }
        : undefined;
    // the same post may have reached the inbox since (a muted word removed): it asks once, and placeInInbox writes nothing
    await placeInInbox(tx, { ...question, ...(visitorKey ? { visitorKey } : {}), ...(remote ? { remote } : {}) });
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
