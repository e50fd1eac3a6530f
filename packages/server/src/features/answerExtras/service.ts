import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PendingPicture } from '@askbox/common';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { orphanPictures, questions } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { createStorage } from '../../storage/index.js';
import { deletePicture, storeSizedPicture } from '../../storage/pictures.js';
import { receivedQuestion } from '../visibility/index.js';

/**
 * One picture with an answer (decision 316). It is uploaded while the receiver writes the answer:
 * re-encoded and stored in every width at once (storage/pictures.ts, EXIF gone), kept on the
 * unanswered question's row, and sent with the answer only with an alt text. It goes with the
 * question or answer, and is replaced or dropped while the answer is unsent.
 */

/** The unanswered question `receiverId` received, else not_found / already_answered. */
export async function unansweredQuestionOf(db: DbOrTx, questionId: string, receiverId: string) {
  const question = await receivedQuestion(db, questionId, receiverId);
  if (!question) throw new AppError('not_found');
  if (question.answered) throw new AppError('already_answered');
  return question;
}

/** Stores `bytes` as the picture of the answer to come, replacing one stored before. */
export async function storeAnswerPicture(ctx: AppContext, receiverId: string, questionId: string, bytes: Buffer): Promise<PendingPicture> {
  await unansweredQuestionOf(ctx.db, questionId, receiverId);
  const storage = createStorage(ctx.config);
  const picture = await storeSizedPicture(storage, receiverId, 'answer', bytes);
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      // row lock: two uploads at once each delete exactly the file they replaced
      const [before] = await queryRows<{ url: string | null }>(
        tx,
        sql`select picture_url as url from questions where id = ${questionId} and receiver_id = ${receiverId} and not answered for update`,
      );
      if (!before) throw new AppError('already_answered');
      previous = before.url;
      await tx
        .update(questions)
        .set({ pictureUrl: picture.url, pictureWidth: picture.width, pictureHeight: picture.height, pictureAlt: null })
        .where(eq(questions.id, questionId));
    });
  } catch (error) {
    await deletePicture(storage, picture.url).catch(() => undefined);
    throw error;
  }
  if (previous) await deleteAnswerPictures(ctx, [previous]);
  return picture;
}

/** Drops the picture stored for an unsent answer (nothing to do when there is none). */
export async function dropAnswerPicture(ctx: AppContext, receiverId: string, questionId: string): Promise<void> {
  await unansweredQuestionOf(ctx.db, questionId, receiverId);
  const [dropped] = await queryRows<{ url: string | null }>(
    ctx.db,
    sql`update questions q set picture_url = null, picture_width = null, picture_height = null, picture_alt = null
        from (select id, picture_url from questions where id = ${questionId} for update) before
        where q.id = before.id and q.receiver_id = ${receiverId} and not q.answered
        returning before.picture_url as url`,
  );
  if (dropped?.url) await deleteAnswerPictures(ctx, [dropped.url]);
}

/**
 * Deletes the files of pictures whose questions or answers are gone (every width), right after
 * the deletion committed, and takes them off the queue of orphan pictures. Files are not
 * transactional: this runs once the database has committed, and a leftover file is never linked.
 */
export async function deleteAnswerPictures(ctx: AppContext, urls: (string | null | undefined)[]): Promise<void> {
  const storage = createStorage(ctx.config);
  const deleted: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    await deletePicture(storage, url).then(
      () => deleted.push(url),
      () => undefined,
    );
  }
  if (deleted.length > 0) await ctx.db.delete(orphanPictures).where(inArray(orphanPictures.url, deleted));
}

/** How many orphan pictures one sweep deletes at most. */
const SWEEP_BATCH = 200;

/**
 * Deletes the files of queued orphan pictures (orphan_pictures: every question or answer gone with
 * a picture, whichever way it went; every picture replaced), oldest first; a file storage fails to
 * delete stays queued for the next sweep. The email worker's periodic sweep runs it, on one
 * instance at a time per row (SKIP LOCKED). Returns how many were deleted.
 */
export async function sweepOrphanPictures(db: DbOrTx, config: Config): Promise<number> {
  const storage = createStorage(config);
  return db.transaction(async (tx) => {
    const queued = await queryRows<{ url: string }>(tx, sql`select url from orphan_pictures order by queued_at limit ${SWEEP_BATCH} for update skip locked`);
    const deleted: string[] = [];
    for (const { url } of queued) {
      await deletePicture(storage, url).then(
        () => deleted.push(url),
        () => undefined,
      );
    }
    if (deleted.length > 0) await tx.delete(orphanPictures).where(inArray(orphanPictures.url, deleted));
    return deleted.length;
  });
}

/** The stored picture of an unanswered question about to be answered, read inside the answer's transaction. */
export async function pendingPictureUrl(tx: DbOrTx, questionId: string, receiverId: string): Promise<string | null> {
  const [row] = await tx
    .select({ url: questions.pictureUrl })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId)))
    .for('update');
  return row?.url ?? null;
}
