import crypto from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { type CreateReportResult, type ReportReason, type ReportTargetKind } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { questions, replies, reports } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { events } from '../../events/emit.js';
import { findUserByUsername } from '../users/lookup.js';
import { instanceRules } from '../instance/service.js';
import { replyShownTo } from '../visibility/index.js';

/** What a report is about, resolved from the request. */
interface Target {
  targetId: string;
  /** the account a suspension would hit; null for an anonymous question, whoever sent it */
  accountId: string | null;
}

/**
 * Who may report what: the receiver a question in their inbox, anyone an answer or a profile,
 * never their own. For an anonymous question the sender is neither compared nor kept, so the
 * answer to a report never depends on who sent it.
 */
async function resolveTarget(ctx: AppContext, reporterId: string, kind: ReportTargetKind, target: string): Promise<Target> {
  if (kind === 'reply') {
    // a reply its reporter may see (or one under their own answer), never their own
    const [reply] = await ctx.db
      .select({ authorId: replies.authorId, ownerId: questions.receiverId })
      .from(replies)
      .innerJoin(questions, eq(questions.id, replies.answerId))
      .where(and(eq(replies.id, target), or(eq(questions.receiverId, reporterId), replyShownTo(reporterId, sql`replies`, sql`questions.receiver_id`))))
      .limit(1);
    if (!reply) throw new AppError('not_found');
    if (reply.authorId === reporterId) throw new AppError('self_report');
    return { targetId: target, accountId: reply.authorId };
  }
  if (kind === 'profile') {
    const user = await findUserByUsername(ctx.db, target);
    if (user.id === reporterId) throw new AppError('self_report');
    return { targetId: user.id, accountId: user.id };
  }
  const [question] = await ctx.db
    .select({ receiverId: questions.receiverId, senderId: questions.senderId, isAnonymous: questions.isAnonymous, answered: questions.answered })
    .from(questions)
    .where(eq(questions.id, target))
    .limit(1);
  if (kind === 'answer') {
    if (!question?.answered) throw new AppError('not_found');
    if (question.receiverId === reporterId) throw new AppError('self_report');
    return { targetId: target, accountId: question.receiverId };
  }
  // not found, and one message, whether it does not exist, went to someone else or was dropped (see receivedQuestion)
  if (question?.receiverId !== reporterId) throw new AppError('only_inbox_questions');
  if (question.isAnonymous) return { targetId: target, accountId: null };
  if (question.senderId === reporterId) throw new AppError('self_report');
  return { targetId: target, accountId: question.senderId };
}

/**
 * Files a report (one per reporter per item: a second one is accepted and changes nothing) and
 * tells the admins' moderation screens. Only new reports count against the rate limit.
 */
export async function createReport(
  ctx: AppContext,
  reporterId: string,
  input: { kind: ReportTargetKind; target: string; reason: ReportReason; details: string; rule?: string },
): Promise<CreateReportResult> {
  // a rule must be one of the rules now written (the text is kept with the report, as it was)
  if (input.rule !== undefined && !(await instanceRules(ctx.db)).includes(input.rule)) throw new AppError('invalid_input');
  const { targetId, accountId } = await resolveTarget(ctx, reporterId, input.kind, input.target);
  const same = and(eq(reports.reporterId, reporterId), eq(reports.targetKind, input.kind), eq(reports.targetId, targetId));
  const [existing] = await ctx.db.select({ id: reports.id }).from(reports).where(same).limit(1);
  if (existing) return { reported: true, alreadyReported: true };
  await consumeRateLimit(ctx.db, accountRateLimitKey.report(reporterId), ctx.config.reportsPerHour, 3600, 'too_many_reports');
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reports)
      .values({
        id: crypto.randomUUID(),
        reporterId,
        targetKind: input.kind,
        targetId,
        accountId,
        reason: input.reason,
        details: input.details,
        rule: input.rule ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted.length > 0) await events.emit(tx, ctx, { type: 'reportsChanged' });
    return { reported: true, alreadyReported: inserted.length === 0 };
  });
}
