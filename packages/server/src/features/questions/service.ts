import crypto from 'node:crypto';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type ErrorCode, type InboxFilter, type InboxPage, type InboxSelection } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { questions, sentQuestions } from '../../db/schema/index.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { inlined, run, statement } from '../../db/statements.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { events } from '../../events/emit.js';
import { askerBlockableColumn, inInbox, isFromPrivateRemotePost, notSuspended, receivedQuestion, type QuestionRefusal } from '../visibility/index.js';
import { decideFor, deliverQuestion } from '../asking/pipeline.js';
import { receivedQuestionView, senderCardColumns, type ReceivedQuestionRow } from './views.js';
import type { RecordResult } from '../../db/recordResult.js';
import { deleteAnswerCards } from '../cards/service.js';
import { deleteAnswerPictures, pendingPictureUrl } from '../answerExtras/service.js';

/** How long the per-sender question counter runs (config.rateLimits.questionsPer10Min). */
const QUESTION_WINDOW_SECONDS = 600;

/**
 * Sends a question to `receiverId` (yourself on your own profile) through the one way of asking
 * (features/asking). The sender is always stored; whether it is ever shown depends on
 * `isAnonymous` alone. A refusal is told before the rate limit counts; a question the receiver's
 * own choices keep out (a quietly blocked asker, a muted word) is dropped, or kept in their
 * Filtered folder (decision 310), with the same response as a delivered one: the asker cannot tell
 * (decision 100). The asker's own record of it (sent_questions, their export's source) is written
 * the same either way (decision 205).
 */
export async function askQuestion(
  ctx: AppContext,
  senderId: string,
  receiverId: string,
  input: { text: string; isAnonymous: boolean },
  record?: RecordResult<{ id: string }>,
): Promise<{ id: string }> {
  const asking = { channel: 'account', asker: { kind: 'account', id: senderId }, receiverId, ...input } as const;
  const goesTo = await decideFor(ctx.db, { ...asking, now: ctx.clock.now() });
  if (!goesTo) throw new AppError('user_not_found');
  if (typeof goesTo === 'object') throw new AppError(refusalCodes[goesTo.refused]);
  await consumeRateLimit(ctx.db, accountRateLimitKey.question(senderId), ctx.config.rateLimits.questionsPer10Min, QUESTION_WINDOW_SECONDS);
  const question = { id: crypto.randomUUID(), senderId, receiverId, text: input.text, isAnonymous: input.isAnonymous, createdAt: new Date() };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sentQuestions).values(question);
    await record?.(tx, { id: question.id });
    await deliverQuestion(tx, ctx, 'account', question, goesTo);
  });
  return { id: question.id };
}

/** What the asker is told for each refusal ('not_taken' is no rule of a profile's ask box: every account takes questions there). */
const refusalCodes = {
  inbox_paused: 'inbox_paused',
  blocked: 'cannot_send_questions',
  anonymous_refused: 'anonymous_refused',
  asker_not_allowed: 'asker_not_allowed',
  not_taken: 'asker_not_allowed',
} as const satisfies Record<QuestionRefusal, ErrorCode>;

/** A WHERE fragment on `questions q`: q is in the receiver's selection (filter and search words, any case). */
function inSelection(filter: SQL | Placeholder, words: SQL | Placeholder): SQL {
  return sql`(${filter}::text = 'all'
      or (${filter}::text = 'fediverse' and exists (select 1 from remote_questions rq where rq.question_id = q.id))
      or (${filter}::text in ('anonymous', 'named') and q.is_anonymous = (${filter}::text = 'anonymous')))
    and (${words}::text = '' or strpos(lower(q.text), lower(${words}::text)) > 0)`;
}

/**
 * Deletes every question of the receiver's selection up to the newest one they were shown, in one
 * statement; returns how many. Unanswered questions only: answers are deleted one by one.
 */
export async function deleteInboxSelection(
  db: DbOrTx,
  receiverId: string,
  query: InboxSelection & { throughId: string; throughAt: string },
): Promise<{ count: number }> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from questions q
        where ${inInbox(receiverId, sql`q`)} and ${inSelection(sql`${query.filter}`, sql`${query.q}`)}
          and (q.created_at, q.id) <= (${query.throughAt}::timestamptz, ${query.throughId})
        returning q.id`,
  );
  return { count: rows.length };
}

interface InboxRow extends ReceivedQuestionRow {
  canBlockAsker: boolean;
}

/**
 * The receiver's unanswered questions, newest first, 20 a page (index questions_receiver_inbox),
 * with the named senders (but a suspended one: their name vanishes, decision 108), in one prepared statement. The first page's cursor is the end of time.
 */
const inboxStatement = statement<InboxRow, { receiverId: string; at: string; id: string; filter: InboxFilter; q: string }>(
  'inbox_page',
  sql`with page as (
        select q.id, q.text, q.is_anonymous, q.is_global, q.to_followers, q.sender_id, q.created_at,
          ${askerBlockableColumn(sql`q`)} as can_block_asker
        from questions q
        where ${inInbox(sql.placeholder('receiverId'), sql`q`)}
          and ${inSelection(sql.placeholder('filter'), sql.placeholder('q'))}
          and (q.created_at, q.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')})
        order by ${newestFirst(sql`q.created_at`, sql`q.id`)}
        limit ${inlined(PAGE_SIZE + 1)}
      )
      select p.id, p.text, p.is_anonymous as "isAnonymous", p.is_global as "isGlobal", p.to_followers as "toFollowers", p.created_at as "createdAt", p.can_block_asker as "canBlockAsker",
        ${senderCardColumns(sql`s`)},
        rq.actor_uri as "remoteActorUri", rq.handle as "remoteHandle", rq.name as "remoteName", rq.domain as "remoteDomain", rq.visibility as "remoteVisibility"
      from page p
      left join users s on not p.is_anonymous and s.id = p.sender_id and ${notSuspended(sql`s.id`)}
      left join remote_questions rq on not p.is_anonymous and rq.question_id = p.id
      order by p.created_at desc nulls last, p.id desc nulls last`,
);

export async function inboxPage(db: DbOrTx, receiverId: string, rawCursor?: string, selection: InboxSelection = { filter: 'all', q: '' }): Promise<InboxPage> {
  const cursor = decodeCursor(rawCursor) ?? FIRST_PAGE;
  const rows = await run(db, inboxStatement, { receiverId, at: cursor.at, id: cursor.id, filter: selection.filter, q: selection.q });
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  return {
    items: page.rows.map((r) => ({ ...receivedQuestionView(r), canBlockAsker: r.canBlockAsker })),
    nextCursor: page.nextCursor,
  };
}

/** The question `userId` received, or 404 (only the receiver may answer or delete; see receivedQuestion). */
async function questionOfReceiver(db: DbOrTx, questionId: string, userId: string) {
  const question = await receivedQuestion(db, questionId, userId);
  if (!question) throw new AppError('not_found');
  return question;
}

/**
 * The receiver answers once; the conditional update makes a double submit answer only once. The
 * answer may carry a content warning, and sends the picture stored for it with its alt text; an
 * answer without `picture` drops a stored one (decision 316).
 */
export async function answerQuestion(
  ctx: AppContext,
  receiverId: string,
  questionId: string,
  input: { answer: string; contentWarning?: string | null; picture?: { alt: string }; publishToFollowers?: boolean },
  record?: RecordResult<void>,
): Promise<void> {
  await questionOfReceiver(ctx.db, questionId, receiverId);
  // only an answer that would go to its asker alone has a wider choice to make (decision 332)
  const publishToFollowers = input.publishToFollowers ?? false;
  if (publishToFollowers && !(await isFromPrivateRemotePost(ctx.db, questionId))) throw new AppError('not_private_remote_question');
  const at = new Date();
  const dropped = await ctx.db.transaction(async (tx) => {
    const stored = await pendingPictureUrl(tx, questionId, receiverId);
    if (input.picture && !stored) throw new AppError('picture_missing');
    const picture = input.picture ? { pictureAlt: input.picture.alt } : { pictureUrl: null, pictureWidth: null, pictureHeight: null, pictureAlt: null };
    const [updated] = await tx
      .update(questions)
      .set({ answered: true, answer: input.answer, contentWarning: input.contentWarning ?? null, publishToFollowers, answeredAt: at, ...picture })
      .where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId), eq(questions.answered, false)))
      .returning({ id: questions.id, senderId: questions.senderId });
    if (!updated) throw new AppError('already_answered');
    await events.emit(tx, ctx, { type: 'answered', answerId: questionId, receiverId, senderId: updated.senderId, at });
    await record?.(tx, undefined);
    return input.picture ? null : stored;
  });
  if (dropped) await deleteAnswerPictures(ctx, [dropped]);
}

/** The receiver deletes a question, unanswered from the inbox or answered from the profile; likes go with it (FK cascade). */
export async function deleteQuestion(ctx: AppContext, receiverId: string, questionId: string, only?: { answered: true }): Promise<void> {
  const question = await questionOfReceiver(ctx.db, questionId, receiverId);
  // an answer's address names answers only: an unanswered question there is as missing as any other
  if (only?.answered && !question.answered) throw new AppError('not_found');
  const deleted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(questions)
      .where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId), only?.answered ? eq(questions.answered, true) : undefined))
      .returning({ answered: questions.answered, pictureUrl: questions.pictureUrl });
    if (row) await events.emit(tx, ctx, { type: 'questionDeleted', questionId, receiverId, wasAnswered: row.answered, by: 'receiver' });
    return row ?? null;
  });
  // files are not transactional: the answer's cards and picture go once the answer is gone
  if (deleted?.answered) await deleteAnswerCards(ctx, receiverId, questionId);
  await deleteAnswerPictures(ctx, [deleted?.pictureUrl]);
}
