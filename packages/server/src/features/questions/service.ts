import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZE, en, type InboxPage } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { questions, users } from '../../db/schema/index.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { isoFromPg } from '../../db/timestamps.js';
import { queryRows } from '../../db/sql.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { consumeRateLimit } from '../../http/rateLimit.js';
import { sideEffects } from '../notifications/sideEffects.js';
import { isBlockedEitherWay } from '../social/rules.js';
import { userSummary } from '../users/views.js';

/** How long the per-sender question counter runs (config.rateLimits.questionsPer10Min). */
const QUESTION_WINDOW_SECONDS = 600;

/**
 * Sends a question to `receiverId` (yourself on your own profile). The sender is always
 * stored; whether it is ever shown depends on `isAnonymous` alone.
 */
export async function askQuestion(
  ctx: AppContext,
  senderId: string,
  receiverId: string,
  input: { text: string; isAnonymous: boolean },
): Promise<{ id: string }> {
  if (receiverId !== senderId && (await isBlockedEitherWay(ctx.db, senderId, receiverId))) {
    throw forbidden(en.cannotSendQuestions, 'blocked');
  }
  await consumeRateLimit(ctx.db, `question:${senderId}`, ctx.config.rateLimits.questionsPer10Min, QUESTION_WINDOW_SECONDS);
  const at = new Date();
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(questions).values({ id, senderId, receiverId, text: input.text, isAnonymous: input.isAnonymous, createdAt: at });
    await sideEffects.questionAsked(tx, ctx, { questionId: id, receiverId, senderId, isAnonymous: input.isAnonymous, at });
  });
  return { id };
}

interface InboxRow {
  id: string;
  text: string;
  isAnonymous: boolean;
  isGlobal: boolean;
  senderId: string | null;
  /** timestamptz as text */
  createdAt: string;
}

/** The receiver's unanswered questions, newest first, 20 a page (index questions_receiver_inbox). */
export async function inboxPage(db: DbOrTx, receiverId: string, rawCursor?: string): Promise<InboxPage> {
  const cursor = decodeCursor(rawCursor);
  const rows = await queryRows<InboxRow>(
    db,
    sql`select q.id, q.text, q.is_anonymous as "isAnonymous", q.is_global as "isGlobal", q.sender_id as "senderId", q.created_at as "createdAt"
        from questions q
        where q.receiver_id = ${receiverId} and not q.answered
          and ${beforeCursor(sql`q.created_at`, sql`q.id`, cursor)}
        order by ${newestFirst(sql`q.created_at`, sql`q.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  // senders are looked up only for questions that are not anonymous
  const namedSenderIds = [...new Set(page.rows.filter((r) => !r.isAnonymous && r.senderId).map((r) => r.senderId!))];
  const senders = namedSenderIds.length > 0 ? await db.select().from(users).where(inArray(users.id, namedSenderIds)) : [];
  const senderById = new Map(senders.map((u) => [u.id, userSummary(u)]));
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      text: r.text,
      isAnonymous: r.isAnonymous,
      isGlobal: r.isGlobal,
      createdAt: isoFromPg(r.createdAt),
      sender: !r.isAnonymous && r.senderId ? (senderById.get(r.senderId) ?? null) : null,
    })),
    nextCursor: page.nextCursor,
  };
}

/** The question, or 404; 403 unless `userId` received it (only the receiver may answer or delete). */
async function questionOfReceiver(db: DbOrTx, questionId: string, userId: string) {
  const [question] = await db.select().from(questions).where(eq(questions.id, questionId)).limit(1);
  if (!question) throw notFound();
  if (question.receiverId !== userId) throw forbidden();
  return question;
}

/** The receiver answers once; the conditional update makes a double submit answer only once. */
export async function answerQuestion(ctx: AppContext, receiverId: string, questionId: string, answer: string): Promise<void> {
  await questionOfReceiver(ctx.db, questionId, receiverId);
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(questions)
      .set({ answered: true, answer, answeredAt: at })
      .where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId), eq(questions.answered, false)))
      .returning({ id: questions.id, senderId: questions.senderId });
    if (!updated) throw conflict('This question has already been answered.', 'already_answered');
    await sideEffects.answered(tx, ctx, { questionId, receiverId, senderId: updated.senderId, at });
  });
}

/** The receiver deletes a question, unanswered from the inbox or answered from the profile; likes go with it (FK cascade). */
export async function deleteQuestion(ctx: AppContext, receiverId: string, questionId: string): Promise<void> {
  await questionOfReceiver(ctx.db, questionId, receiverId);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(questions)
      .where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId)))
      .returning({ answered: questions.answered });
    if (deleted?.answered) await sideEffects.answerDeleted(tx, ctx, { questionId, receiverId });
  });
}
