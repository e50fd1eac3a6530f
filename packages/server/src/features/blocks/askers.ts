import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { BlockedAsker } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { askerBlocks, questions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { askerBlockable, receivedQuestion } from '../visibility/index.js';
import { visitorKeyOfQuestion } from '../visitors/service.js';

/**
 * 'Block this asker' on an anonymous question someone else sent to the receiver's inbox
 * (decisions 101, 270; a named sender is blocked from their profile). It is a quiet asker block:
 * the question leaves the inbox, later anonymous questions from its real sender are dropped unseen
 * (features/visibility), and nothing else changes between the two people, since hiding
 * profiles or search results would tell the receiver who it was. The response is the same
 * whoever sent it; other questions already received stay as they are.
 */
export async function blockAsker(ctx: AppContext, receiverId: string, questionId: string): Promise<void> {
  const question = await receivedQuestion(ctx.db, questionId, receiverId);
  if (!question) throw new AppError('not_found');
  if (question.answered) throw new AppError('already_answered');
  if (!askerBlockable(question)) throw new AppError('asker_not_blockable');
  // a visitor's question (features/visitors) has no sender: the block holds the visitor's keyed hash of that day
  const blockedVisitorKey = question.senderId === null ? await visitorKeyOfQuestion(ctx, questionId) : null;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(askerBlocks).values({
      id: crypto.randomUUID(),
      blockerId: receiverId,
      blockedId: question.senderId,
      blockedVisitorKey,
      questionText: question.text,
      questionCreatedAt: question.createdAt,
    });
    await tx.delete(questions).where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId)));
  });
}

/** Settings › Blocked users: the anonymous askers the viewer blocked, newest first, as their question. */
export async function listBlockedAskers(db: DbOrTx, blockerId: string): Promise<BlockedAsker[]> {
  const rows = await db
    .select({ id: askerBlocks.id, questionText: askerBlocks.questionText, questionCreatedAt: askerBlocks.questionCreatedAt, blockedAt: askerBlocks.createdAt })
    .from(askerBlocks)
    .where(eq(askerBlocks.blockerId, blockerId))
    .orderBy(desc(askerBlocks.createdAt), desc(askerBlocks.id));
  return rows.map((r) => ({ ...r, questionCreatedAt: r.questionCreatedAt.toISOString(), blockedAt: r.blockedAt.toISOString() }));
}

/** Removes one of the viewer's asker blocks (idempotent); their later questions arrive again. */
export async function unblockAsker(ctx: AppContext, blockerId: string, entryId: string): Promise<void> {
  await ctx.db.delete(askerBlocks).where(and(eq(askerBlocks.id, entryId), eq(askerBlocks.blockerId, blockerId)));
}
