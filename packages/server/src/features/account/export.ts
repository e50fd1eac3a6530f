import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountExport } from '@askbox/common';
import type { AppContext } from '../../context.js';
import {
  askerBlocks,
  blocks,
  filteredQuestions,
  follows,
  likes,
  mutedWords,
  questions,
  replies,
  reports,
  sentQuestions,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { toAccountSettings } from '../settings/service.js';
import { toAccountMoving } from '../moving/service.js';

const receiver = alias(users, 'receiver');
const sender = alias(users, 'sender');
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const person = (row: { username: string; fullname: string }) => ({ username: row.username, fullname: row.fullname });

/** A question received (or kept in the Filtered folder), its sender only when `from` was joined. */
function receivedQuestion(
  q: { id: string; text: string; isAnonymous: boolean; isGlobal: boolean; createdAt: Date; answer: string | null; answeredAt: Date | null },
  from: { username: string; fullname: string } | null,
) {
  return {
    id: q.id,
    from: from ? person(from) : null,
    text: q.text,
    isAnonymous: q.isAnonymous,
    isGlobal: q.isGlobal,
    createdAt: q.createdAt.toISOString(),
    answer: q.answer,
    answeredAt: iso(q.answeredAt),
  };
}

/**
 * Everything the account holds, as one JSON document (decision 129). Other people appear by their
 * public handle and name only, and a question received names its sender only when it was not
 * anonymous: the sender of an anonymous or global question is never even joined. The questions
 * asked come from the asker's record (decision 205): nothing in them tells a dropped question.
 * The Filtered folder's questions are exported as received ones, marked `filtered`.
 */
export async function exportAccount(ctx: AppContext, userId: string): Promise<AccountExport> {
  const db = ctx.db;
  const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!me) throw new AppError('not_found');
  const absolute = (url: string | null) => (url ? new URL(url, `${ctx.config.publicUrl}/`).href : null);

  const [asked, received, liked, following, followers, blocked, replied] = await Promise.all([
    // from the asker's own record (decision 205), the same whether a question was delivered or
    // dropped, and whatever its receiver did with it since; the answer is the question's, when it has one
    db
      .select({
        sent: sentQuestions,
        to: { username: receiver.username, fullname: receiver.fullname },
        answer: questions.answer,
        answeredAt: questions.answeredAt,
      })
      .from(sentQuestions)
      .leftJoin(receiver, eq(receiver.id, sentQuestions.receiverId))
      .leftJoin(questions, and(eq(questions.id, sentQuestions.id), eq(questions.answered, true)))
      .where(and(eq(sentQuestions.senderId, userId), isNull(sentQuestions.globalReceivers)))
      .orderBy(asc(sentQuestions.createdAt), asc(sentQuestions.id)),
    db
      .select({ q: questions, from: { username: sender.username, fullname: sender.fullname } })
      .from(questions)
      .leftJoin(sender, and(eq(sender.id, questions.senderId), eq(questions.isAnonymous, false), eq(questions.isGlobal, false)))
      .where(eq(questions.receiverId, userId))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    db
      .select({ questionId: likes.questionId, at: likes.createdAt, by: { username: receiver.username, fullname: receiver.fullname } })
      .from(likes)
      .innerJoin(questions, eq(questions.id, likes.questionId))
      .innerJoin(receiver, eq(receiver.id, questions.receiverId))
      .where(eq(likes.userId, userId))
      .orderBy(asc(likes.createdAt)),
    db
      .select({ username: users.username, fullname: users.fullname, at: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt)),
    db
      .select({ username: users.username, fullname: users.fullname, at: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followeeId, userId))
      .orderBy(asc(follows.createdAt)),
    db
      .select({ username: users.username, fullname: users.fullname, at: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(asc(blocks.createdAt)),
    // my replies under answers, without whether an owner hid them (never told to their author)
    db
      .select({ answerId: replies.answerId, text: replies.text, at: replies.createdAt, by: { username: receiver.username, fullname: receiver.fullname } })
      .from(replies)
      .innerJoin(questions, eq(questions.id, replies.answerId))
      .innerJoin(receiver, eq(receiver.id, questions.receiverId))
      .where(eq(replies.authorId, userId))
      .orderBy(asc(replies.createdAt), asc(replies.id)),
  ]);
  // the safety tools' lists; a blocked asker is exported as their question, never as who sent it
  const [askerEntries, muted, filed] = await Promise.all([
    db
      .select({ questionText: askerBlocks.questionText, questionCreatedAt: askerBlocks.questionCreatedAt, at: askerBlocks.createdAt })
      .from(askerBlocks)
      .where(eq(askerBlocks.blockerId, userId))
      .orderBy(asc(askerBlocks.createdAt)),
    db.select({ word: mutedWords.word, at: mutedWords.createdAt }).from(mutedWords).where(eq(mutedWords.userId, userId)).orderBy(asc(mutedWords.createdAt)),
    db
      .select({
        kind: reports.targetKind,
        targetId: reports.targetId,
        profile: receiver.username,
        reason: reports.reason,
        details: reports.details,
        at: reports.createdAt,
        resolvedAt: reports.resolvedAt,
      })
      .from(reports)
      .leftJoin(receiver, and(eq(reports.targetKind, 'profile'), eq(receiver.id, reports.targetId)))
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.createdAt), asc(reports.id)),
  ]);
  // the Filtered folder, as the inbox: the sender of an anonymous or global question is never joined
  const filtered = await db
    .select({ q: filteredQuestions, from: { username: sender.username, fullname: sender.fullname } })
    .from(filteredQuestions)
    .leftJoin(sender, and(eq(sender.id, filteredQuestions.senderId), eq(filteredQuestions.isAnonymous, false), eq(filteredQuestions.isGlobal, false)))
    .where(eq(filteredQuestions.receiverId, userId))
    .orderBy(asc(filteredQuestions.createdAt), asc(filteredQuestions.id));
  // the number addressed, stored when sent: never recounted from rows receivers may have removed since
  const globalSent = await db
    .select({ text: sentQuestions.text, sentAt: sentQuestions.createdAt, receivers: sentQuestions.globalReceivers })
    .from(sentQuestions)
    .where(and(eq(sentQuestions.senderId, userId), isNotNull(sentQuestions.globalReceivers)))
    .orderBy(asc(sentQuestions.createdAt), asc(sentQuestions.id));

  return {
    format: 'askbox-export/1',
    exportedAt: ctx.clock.now().toISOString(),
    profile: {
      id: me.id,
      email: me.email,
      username: me.username,
      fullname: me.fullname,
      bio: me.bio,
      website: me.website,
      photoURL: absolute(me.photoUrl),
      coverURL: absolute(me.coverUrl),
      badge: me.badge,
      isAdmin: me.role === 'admin',
      isModerator: me.role !== 'user',
      createdAt: me.createdAt.toISOString(),
    },
    settings: toAccountSettings(me),
    // the old fediverse accounts named and the one moved to (Settings › Outside Askbox)
    moving: toAccountMoving(me),
    questionsAsked: asked.map(({ sent, to, answer, answeredAt }) => ({
      id: sent.id,
      // null once the receiver's account is gone
      to: to ? person(to) : null,
      text: sent.text,
      isAnonymous: sent.isAnonymous,
      createdAt: sent.createdAt.toISOString(),
      answer,
      answeredAt: iso(answeredAt),
    })),
    globalQuestionsSent: globalSent.map((g) => ({ text: g.text, sentAt: g.sentAt.toISOString(), receivers: Number(g.receivers) })),
    questionsReceived: received.map(({ q, from }) => receivedQuestion(q, from)),
    questionsFiltered: filtered.map(({ q, from }) => ({ ...receivedQuestion({ ...q, answer: null, answeredAt: null }, from), filtered: true as const })),
    likes: liked.map((l) => ({ questionId: l.questionId, answeredBy: person(l.by), likedAt: l.at.toISOString() })),
    replies: replied.map((r) => ({ answerId: r.answerId, answeredBy: person(r.by), text: r.text, repliedAt: r.at.toISOString() })),
    following: following.map((f) => ({ ...person(f), since: f.at.toISOString() })),
    followers: followers.map((f) => ({ ...person(f), since: f.at.toISOString() })),
    blocked: blocked.map((b) => ({ ...person(b), since: b.at.toISOString() })),
    blockedAnonymousAskers: askerEntries.map((e) => ({
      questionText: e.questionText,
      questionCreatedAt: e.questionCreatedAt.toISOString(),
      since: e.at.toISOString(),
    })),
    mutedWords: muted.map((m) => ({ word: m.word, since: m.at.toISOString() })),
    reportsFiled: filed.map((r) => ({
      kind: r.kind,
      // a question's id, or a reported profile's handle (when the account still exists)
      target: r.kind === 'profile' ? (r.profile ?? '') : r.targetId,
      reason: r.reason,
      details: r.details,
      reportedAt: r.at.toISOString(),
      resolved: r.resolvedAt !== null,
    })),
  };
}
