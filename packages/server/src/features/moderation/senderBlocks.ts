import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BlockSenderResult, SenderBlock } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { questions, reports, senderBlocks, users, visitorQuestions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * 'Block this sender everywhere', from a report of an anonymous question (decision 288). Later
 * anonymous questions from the account that sent it drop quietly for every receiver, exactly as
 * the receiver's own 'Block this asker' drops them for one (visibility/questions.ts). The
 * question leaves the inbox like one a moderator deleted, and the report (with the other open
 * reports of the same question) closes as 'sender_blocked'.
 *
 * Nobody learns who the sender was: the account is read inside this transaction and written to
 * `sender_blocks.blocked_id` only. The response, the audit entry (its target is the report) and
 * the list of blocks (as the question's text) are the same bytes whoever sent it, a deleted
 * account and the reporter themself included.
 */
export async function blockSenderEverywhere(ctx: AppContext, actor: Exclude<AuditActor, string>, reportId: string): Promise<BlockSenderResult> {
  return ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw new AppError('report_not_found');
    if (report.resolvedAt) throw new AppError('already_resolved');
    if (report.targetKind !== 'question') throw new AppError('not_anonymous_question');
    const [question] = await tx
      .select({
        senderId: questions.senderId,
        receiverId: questions.receiverId,
        text: questions.text,
        isAnonymous: questions.isAnonymous,
        isGlobal: questions.isGlobal,
      })
      .from(questions)
      .where(eq(questions.id, report.targetId));
    if (!question) throw new AppError('not_found');
    // the instance's own global question is known to come from the admins: nothing to hide, nothing to block
    if (!question.isAnonymous || question.isGlobal) throw new AppError('not_anonymous_question');
    // a visitor's question has no sender: the block holds the visitor's keyed hash of that day (decision 306)
    const [visitor] = question.senderId === null ? await tx.select().from(visitorQuestions).where(eq(visitorQuestions.questionId, report.targetId)) : [];
    await tx.insert(senderBlocks).values({
      id: crypto.randomUUID(),
      blockedId: question.senderId,
      blockedVisitorKey: visitor?.visitorKey ?? null,
      questionText: question.text,
      reportId: report.id,
      createdBy: actor.id,
    });
    await tx.delete(questions).where(eq(questions.id, report.targetId));
    await events.emit(tx, ctx, { type: 'questionDeleted', questionId: report.targetId, receiverId: question.receiverId, wasAnswered: false, by: 'moderator' });
    const closed = await tx
      .update(reports)
      .set({ resolvedAt: sql`now()`, resolution: 'sender_blocked', resolvedBy: actor.id })
      .where(and(isNull(reports.resolvedAt), inArray(reports.targetKind, ['question', 'answer']), eq(reports.targetId, report.targetId)))
      .returning({ id: reports.id });
    await recordAudit(tx, actor, { action: 'sender_blocked', targetKind: 'report', target: report.id, detail: question.text });
    await events.emit(tx, ctx, { type: 'reportsChanged' });
    return { blocked: true, resolved: closed.length };
  });
}

/** The instance-wide sender blocks, newest first, each as the question it was made from (moderators). */
export async function listSenderBlocks(db: DbOrTx): Promise<SenderBlock[]> {
  const rows = await db
    .select({ id: senderBlocks.id, questionText: senderBlocks.questionText, createdAt: senderBlocks.createdAt, by: users.username })
    .from(senderBlocks)
    .leftJoin(users, eq(users.id, senderBlocks.createdBy))
    .orderBy(desc(senderBlocks.createdAt), desc(senderBlocks.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, questionText: r.questionText, createdAt: r.createdAt.toISOString(), by: r.by ?? '' }));
}

/** Lifts one instance-wide sender block (idempotent): that sender's anonymous questions arrive again. */
export async function unblockSender(ctx: AppContext, actor: Exclude<AuditActor, string>, blockId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(senderBlocks)
      .where(eq(senderBlocks.id, blockId))
      .returning({ reportId: senderBlocks.reportId, questionText: senderBlocks.questionText });
    if (gone) await recordAudit(tx, actor, { action: 'sender_unblocked', targetKind: 'report', target: gone.reportId, detail: gone.questionText });
  });
}
