import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { questions, visitorQuestions, type UserRow } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { consumeRateLimit } from '../../rateLimit.js';
import { keepFilteredQuestion } from '../filtered/service.js';
import { publicAnswer, publicAnswersPage, publicUserByUsername, visitorQuestionDelivery, visitorReceiverByUsername } from '../visibility/index.js';
import { registrationMode } from '../instanceAccess/service.js';
import { profileCounts } from '../profiles/service.js';
import { renderVisitorPage, type VisitorPage } from './page.js';

export { visitorKeyOf } from './keys.js';

/**
 * Questions from people without an account (decision 305): opt-in twice, by the operator
 * (VISITOR_QUESTIONS=on) and by the receiver ('Let people without an account ask me', with a public
 * profile). A visitor's question is an anonymous question with no sender; the visitor's keyed hash
 * of the day (keys.ts) stands in for the sender where rate limits and 'Block this asker' need one.
 */

/** Questions from one visitor (keyed hash) per 10 minutes, to everyone together; and to one receiver from all visitors. */
export const VISITOR_QUESTIONS_PER_10_MIN = 5;
export const VISITOR_QUESTIONS_PER_RECEIVER_PER_10_MIN = 60;
const WINDOW_SECONDS = 600;

export const visitorRateLimitKey = {
  visitor: (visitorKey: string) => `visitor-question:${visitorKey}`,
  receiver: (receiverId: string) => `visitor-question-receiver:${receiverId}`,
};

/**
 * The receiver a visitor may ask, or null, whatever the reason (the operator's switch, the
 * receiver's, a private or suspended profile, no such user): a visitor cannot tell them apart.
 */
export async function visitorReceiver(ctx: AppContext, username: string): Promise<UserRow | null> {
  if (!ctx.config.visitorQuestions) return null;
  return visitorReceiverByUsername(ctx.db, username);
}

/**
 * The signed-out profile of someone with a public profile, on an answer's link opened on that
 * answer; null for anyone else (the spec's signed-out page then, the same for a private, suspended
 * or missing profile). Its ask box shows when the receiver lets visitors ask.
 */
export async function visitorPage(
  ctx: AppContext,
  username: string,
  options: { acceptLanguage: string | undefined; answerId?: string },
): Promise<VisitorPage | null> {
  const owner = await publicUserByUsername(ctx.db, username);
  if (!owner) return null;
  const [counts, answers, highlighted, asker, mode] = await Promise.all([
    profileCounts(ctx.db, owner.id),
    publicAnswersPage(ctx.db, owner.id),
    options.answerId ? publicAnswer(ctx.db, owner.id, options.answerId) : null,
    visitorReceiver(ctx, username),
    registrationMode(ctx),
  ]);
  return renderVisitorPage(owner, counts, answers.items, {
    acceptLanguage: options.acceptLanguage,
    visitorsMayAsk: asker !== null,
    signupOpen: mode === 'open' || mode === 'approval',
    highlighted,
  });
}

/**
 * A visitor asks `receiver` (already found by visitorReceiver, the challenge already spent). A
 * paused inbox refuses, as it refuses everyone; the rate limits refuse with a 429. A question the
 * receiver's choices keep out (this visitor blocked, a muted word) makes the same writes as a
 * delivered one and rolls them back, so neither the answer nor its timing tells (decision 100); a
 * muted word's question is kept in the Filtered folder when the receiver keeps filtered questions.
 */
export async function askAsVisitor(ctx: AppContext, receiver: UserRow, visitorKey: string, text: string): Promise<void> {
  const [state] = await queryRows<{ paused: boolean }>(
    ctx.db,
    sql`select inbox_paused and (inbox_paused_until is null or inbox_paused_until > ${ctx.clock.now().toISOString()}::timestamptz) as paused
        from users where id = ${receiver.id}`,
  );
  if (!state) throw new AppError('user_not_found');
  if (state.paused) throw new AppError('inbox_paused');
  await consumeRateLimit(ctx.db, visitorRateLimitKey.visitor(visitorKey), VISITOR_QUESTIONS_PER_10_MIN, WINDOW_SECONDS);
  await consumeRateLimit(ctx.db, visitorRateLimitKey.receiver(receiver.id), VISITOR_QUESTIONS_PER_RECEIVER_PER_10_MIN, WINDOW_SECONDS);
  const goesTo = await visitorQuestionDelivery(ctx.db, { receiverId: receiver.id, visitorKey, text });
  const id = crypto.randomUUID();
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    try {
      await tx.transaction(async (delivery) => {
        await delivery.insert(questions).values({ id, senderId: null, receiverId: receiver.id, text, isAnonymous: true, createdAt: at });
        await delivery.insert(visitorQuestions).values({ questionId: id, visitorKey });
        await events.emit(delivery, ctx, { type: 'questionAsked', questionId: id, receiverId: receiver.id, senderId: null, isAnonymous: true, at });
        if (goesTo !== 'inbox') throw new DroppedQuestion();
      });
    } catch (error) {
      if (!(error instanceof DroppedQuestion)) throw error;
      // kept for the receiver's review in their Filtered folder, where nothing notifies (decision 327)
      if (goesTo === 'filtered')
        await keepFilteredQuestion(tx, { id, senderId: null, receiverId: receiver.id, text, isAnonymous: true, createdAt: at, visitorKey });
    }
  });
}

/** Thrown to roll back the writes of a visitor's question the receiver's choices drop. */
class DroppedQuestion extends Error {}

/** The visitor's keyed hash behind a question the receiver holds, or null (not a visitor's question). */
export async function visitorKeyOfQuestion(ctx: AppContext, questionId: string): Promise<string | null> {
  const [row] = await queryRows<{ visitorKey: string }>(
    ctx.db,
    sql`select visitor_key as "visitorKey" from visitor_questions where question_id = ${questionId}`,
  );
  return row?.visitorKey ?? null;
}
