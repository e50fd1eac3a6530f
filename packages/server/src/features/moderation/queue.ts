import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  PAGE_SIZE,
  type ModerationQueue,
  type ModerationReport,
  type ReportAction,
  type ReportResolution,
  type ResolveReportResult,
  type SuspendedAccount,
} from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { decodeCursor, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { isoFromPg } from '../../db/timestamps.js';
import { questions, remoteActors, replies, reports, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { userSummary } from '../users/views.js';
import { deleteAnswerCards } from '../cards/service.js';
import { deleteAnswerPictures } from '../answerExtras/service.js';
import { suspendAccount, type SuspensionTerms } from './suspension.js';
import { recordAudit } from './audit.js';
import { assertOutranks, type TeamActor } from './roleOrder.js';

interface ReportRow {
  id: string;
  reporterId: string;
  targetKind: 'question' | 'answer' | 'profile' | 'reply';
  targetId: string;
  accountId: string | null;
  reason: ModerationReport['reason'];
  rule: string | null;
  details: string;
  /** timestamptz as text */
  createdAt: string;
}

/**
 * The open reports, oldest first, 20 a page (index reports_open), with the reported content.
 * The sender of a question is loaded only when the question is NOT anonymous: an anonymous
 * sender can never reach a moderation response, to admins neither (decision 108).
 */
export async function moderationQueue(db: DbOrTx, rawCursor?: string): Promise<ModerationQueue> {
  const cursor = decodeCursor(rawCursor);
  const after = cursor ? sql`(r.created_at, r.id) > (${cursor.at}::timestamptz, ${cursor.id})` : sql`true`;
  const rows = await queryRows<ReportRow>(
    db,
    sql`select r.id, r.reporter_id as "reporterId", r.target_kind as "targetKind", r.target_id as "targetId",
               r.account_id as "accountId", r.reason, r.rule, r.details, r.created_at as "createdAt"
        from reports r
        where r.resolved_at is null and ${after}
        order by r.created_at, r.id
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  return { items: await hydrateReports(db, page.rows), nextCursor: page.nextCursor };
}

async function hydrateReports(db: DbOrTx, rows: ReportRow[]): Promise<ModerationReport[]> {
  if (rows.length === 0) return [];
  const questionIds = [...new Set(rows.filter((r) => r.targetKind === 'question' || r.targetKind === 'answer').map((r) => r.targetId))];
  const replyIds = [...new Set(rows.filter((r) => r.targetKind === 'reply').map((r) => r.targetId))];
  const reported = replyIds.length
    ? await db
        .select({
          id: replies.id,
          text: replies.text,
          authorId: replies.authorId,
          answer: questions.answer,
          ownerId: questions.receiverId,
          remoteHandle: remoteActors.handle,
          remoteName: remoteActors.name,
        })
        .from(replies)
        .innerJoin(questions, eq(questions.id, replies.answerId))
        .leftJoin(remoteActors, eq(remoteActors.uri, replies.remoteActorUri))
        .where(inArray(replies.id, replyIds))
    : [];
  const replyById = new Map(reported.map((r) => [r.id, r]));
  const reportedQuestions = questionIds.length
    ? await db
        .select({
          id: questions.id,
          text: questions.text,
          answer: questions.answer,
          answered: questions.answered,
          isAnonymous: questions.isAnonymous,
          senderId: questions.senderId,
          receiverId: questions.receiverId,
        })
        .from(questions)
        .where(inArray(questions.id, questionIds))
    : [];
  const questionById = new Map(reportedQuestions.map((p) => [p.id, p]));
  // every user shown: reporters, accounts, receivers, profiles, and senders of NAMED questions only
  const userIds = new Set<string>();
  for (const r of rows) {
    userIds.add(r.reporterId);
    if (r.accountId) userIds.add(r.accountId);
    if (r.targetKind === 'profile') userIds.add(r.targetId);
  }
  for (const reply of reported) {
    userIds.add(reply.ownerId);
    // a reply from another server has no account here (decision 370): the moderator may delete it
    if (reply.authorId) userIds.add(reply.authorId);
  }
  for (const p of reportedQuestions) {
    userIds.add(p.receiverId);
    if (!p.isAnonymous && p.senderId) userIds.add(p.senderId);
  }
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...userIds]));
  const byId = new Map(people.map((u) => [u.id, u]));
  const summary = (id: string | null | undefined) => {
    const user = id ? byId.get(id) : undefined;
    return user ? userSummary(user) : null;
  };
  const openCounts = await queryRows<{ targetKind: string; targetId: string; n: number }>(
    db,
    sql`select target_kind as "targetKind", target_id as "targetId", count(*)::int as n from reports
        where resolved_at is null and target_id in (${sql.join(
          rows.map((r) => sql`${r.targetId}`),
          sql`, `,
        )})
        group by target_kind, target_id`,
  );
  const openOf = (r: ReportRow) => openCounts.find((c) => c.targetKind === r.targetKind && c.targetId === r.targetId)?.n ?? 1;

  return rows.map((r) => {
    const account = r.accountId ? byId.get(r.accountId) : undefined;
    let content: ModerationReport['content'];
    if (r.targetKind === 'profile') {
      const owner = summary(r.targetId);
      content = { kind: 'profile', exists: owner !== null, question: null, answer: null, isAnonymous: false, sender: null, remoteSender: null, owner };
    } else if (r.targetKind === 'reply') {
      // a reply is always named: its author is the sender, the answer it is under the question
      const reply = replyById.get(r.targetId);
      content = reply
        ? {
            kind: 'reply',
            exists: true,
            question: reply.answer ?? '',
            answer: reply.text,
            isAnonymous: false,
            sender: summary(reply.authorId),
            remoteSender: reply.remoteHandle ? { handle: reply.remoteHandle, name: reply.remoteName ?? '' } : null,
            owner: summary(reply.ownerId),
          }
        : { kind: 'reply', exists: false, question: null, answer: null, isAnonymous: false, sender: null, remoteSender: null, owner: null };
    } else {
      const target = questionById.get(r.targetId);
      const exists = Boolean(target && (r.targetKind === 'question' || target.answered));
      content = {
        kind: r.targetKind,
        exists,
        question: exists ? target!.text : null,
        answer: exists && target!.answered ? (target!.answer ?? '') : null,
        isAnonymous: exists ? target!.isAnonymous : false,
        sender: exists && !target!.isAnonymous ? summary(target!.senderId) : null,
        remoteSender: null,
        owner: exists ? summary(target!.receiverId) : null,
      };
    }
    return {
      id: r.id,
      createdAt: isoFromPg(r.createdAt),
      reason: r.reason,
      rule: r.rule,
      details: r.details,
      reporter: summary(r.reporterId),
      content,
      account: account ? { ...userSummary(account), suspended: account.suspendedAt !== null } : null,
      sameItemOpen: openOf(r) - 1,
    };
  });
}

/** Every open report on the same question row (as a question or as an answer) or the same profile. */
const sameItem = (kind: string, targetId: string) =>
  kind === 'profile' || kind === 'reply'
    ? and(eq(reports.targetKind, kind as 'profile' | 'reply'), eq(reports.targetId, targetId))
    : and(inArray(reports.targetKind, ['question', 'answer']), eq(reports.targetId, targetId));

/**
 * Resolves a report: dismiss it, delete the content (a question or an answer), or suspend the
 * account behind it. The other open reports of the same item are closed with it, and a
 * suspension closes every open report against that account. Content deleted in the meantime
 * resolves cleanly as `content_gone`. An anonymous question's sender can never be suspended
 * from here: that would point at them.
 */
export async function resolveReport(
  ctx: AppContext,
  actor: Exclude<TeamActor, string>,
  reportId: string,
  action: ReportAction,
  terms: SuspensionTerms = { reason: '', until: null },
): Promise<ResolveReportResult> {
  const adminId = actor.id;
  let deletedAnswer: { ownerId: string; answerId: string } | null = null;
  let deletedPicture: string | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw new AppError('report_not_found');
    if (report.resolvedAt) throw new AppError('already_resolved');
    const item = sameItem(report.targetKind, report.targetId);
    let resolution: ReportResolution;
    let scope = item;

    if (action === 'dismiss') {
      resolution = 'dismissed';
    } else if (action === 'delete' && report.targetKind === 'reply') {
      const [deleted] = await tx
        .delete(replies)
        .where(eq(replies.id, report.targetId))
        .returning({ answerId: replies.answerId, ownerId: sql<string>`(select receiver_id from questions where id = ${replies.answerId})` });
      if (deleted) await events.emit(tx, ctx, { type: 'replyChanged', replyId: report.targetId, answerId: deleted.answerId, ownerId: deleted.ownerId });
      resolution = deleted ? 'content_deleted' : 'content_gone';
    } else if (action === 'delete') {
      if (report.targetKind === 'profile') throw new AppError('cannot_delete_profile');
      const [deleted] = await tx
        .delete(questions)
        .where(eq(questions.id, report.targetId))
        .returning({ answered: questions.answered, receiverId: questions.receiverId, pictureUrl: questions.pictureUrl });
      if (deleted) {
        await events.emit(tx, ctx, {
          type: 'questionDeleted',
          questionId: report.targetId,
          receiverId: deleted.receiverId,
          wasAnswered: deleted.answered,
          by: 'moderator',
        });
      }
      if (deleted?.answered) deletedAnswer = { ownerId: deleted.receiverId, answerId: report.targetId };
      deletedPicture = deleted?.pictureUrl ?? null;
      resolution = deleted ? 'content_deleted' : 'content_gone';
    } else {
      if (!report.accountId) {
        const [question] =
          report.targetKind === 'question'
            ? await tx.select({ isAnonymous: questions.isAnonymous }).from(questions).where(eq(questions.id, report.targetId))
            : [];
        if (question?.isAnonymous) throw new AppError('anonymous_sender');
        resolution = 'content_gone';
      } else {
        if (report.accountId === adminId) throw new AppError('self_suspend');
        const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.id, report.accountId));
        if (account) assertOutranks(actor, account);
        await suspendAccount(tx, ctx, report.accountId, actor, terms);
        resolution = 'account_suspended';
        scope = or(item, eq(reports.accountId, report.accountId))!;
      }
    }
    const closed = await tx
      .update(reports)
      .set({ resolvedAt: sql`now()`, resolution, resolvedBy: adminId })
      .where(and(isNull(reports.resolvedAt), or(eq(reports.id, report.id), scope)))
      .returning({ id: reports.id });
    // a suspension has its own entry (suspendAccount); the report's target, never an anonymous sender
    if (resolution !== 'account_suspended') {
      await recordAudit(tx, actor, {
        action: resolution === 'dismissed' ? 'report_dismissed' : 'content_deleted',
        targetKind: 'report',
        target: report.id,
        detail: `${report.targetKind} ${report.targetId}`,
      });
    }
    await events.emit(tx, ctx, { type: 'reportsChanged' });
    return { resolution, resolved: closed.length };
  });
  // files are not transactional: a deleted answer's cards go once it is gone
  const gone = deletedAnswer as { ownerId: string; answerId: string } | null;
  if (gone) await deleteAnswerCards(ctx, gone.ownerId, gone.answerId);
  await deleteAnswerPictures(ctx, [deletedPicture as string | null]);
  return result;
}

/** Suspended accounts, most recent first (the moderation screen's restore list). */
export async function suspendedAccounts(db: DbOrTx): Promise<SuspendedAccount[]> {
  const rows = await db
    .select()
    .from(users)
    .where(isNotNull(users.suspendedAt))
    .orderBy(sql`${users.suspendedAt} desc`)
    .limit(200);
  return rows.map((u) => ({
    ...userSummary(u),
    suspendedAt: u.suspendedAt!.toISOString(),
    reason: u.suspensionReason,
    until: u.suspendedUntil?.toISOString() ?? null,
  }));
}
