import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { consumeRateLimit } from '../../rateLimit.js';
import { decideFor, deliverQuestion } from '../asking/pipeline.js';
import { publicAnswer, publicAnswersPage, publicUserByUsername, visitorReceiverByUsername } from '../visibility/index.js';
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
  // what any visitor's question would meet, said before typing (the same for every visitor): a paused
  // inbox, or a rule that refuses them all ('Who may ask me', refusing anonymous questions)
  const goesTo = asker ? await decideFor(ctx.db, { ...visitorAsking(owner.id, '', ''), now: ctx.clock.now() }) : null;
  const refused = typeof goesTo === 'object' && goesTo !== null ? goesTo.refused : null;
  return renderVisitorPage(owner, counts, answers.items, {
    acceptLanguage: options.acceptLanguage,
    visitorsMayAsk: asker !== null && (refused === null || refused === 'inbox_paused'),
    inboxPaused: refused === 'inbox_paused',
    signupOpen: mode === 'open' || mode === 'approval',
    highlighted,
  });
}

/** A visitor's question as the one way of asking takes it: always anonymous. */
const visitorAsking = (receiverId: string, visitorKey: string, text: string) =>
  ({ channel: 'visitor', asker: { kind: 'visitor', visitorKey }, receiverId, text, isAnonymous: true }) as const;

/**
 * A visitor asks `receiver` (already found by visitorReceiver, the challenge already spent)
 * through the one way of asking (features/asking). A paused inbox refuses, as it refuses everyone;
 * the rate limits refuse with a 429. A question the receiver's choices keep out (this visitor
 * blocked, a muted word) makes the same writes as a delivered one and rolls them back, so neither
 * the answer nor its timing tells (decision 100); a muted word's question is kept in the Filtered
 * folder when the receiver keeps filtered questions (decision 327).
 */
export async function askAsVisitor(ctx: AppContext, receiver: UserRow, visitorKey: string, text: string): Promise<void> {
  const asking = visitorAsking(receiver.id, visitorKey, text);
  const goesTo = await decideFor(ctx.db, { ...asking, now: ctx.clock.now() });
  if (!goesTo) throw new AppError('user_not_found');
  // a paused inbox refuses everyone alike; any other rule (changed since visitorReceiver) looks like no such user
  if (typeof goesTo === 'object') throw new AppError(goesTo.refused === 'inbox_paused' ? 'inbox_paused' : 'user_not_found');
  await consumeRateLimit(ctx.db, visitorRateLimitKey.visitor(visitorKey), VISITOR_QUESTIONS_PER_10_MIN, WINDOW_SECONDS);
  await consumeRateLimit(ctx.db, visitorRateLimitKey.receiver(receiver.id), VISITOR_QUESTIONS_PER_RECEIVER_PER_10_MIN, WINDOW_SECONDS);
  const question = { id: crypto.randomUUID(), senderId: null, receiverId: receiver.id, text, isAnonymous: true, createdAt: new Date(), visitorKey };
  await ctx.db.transaction((tx) => deliverQuestion(tx, ctx, 'visitor', question, goesTo));
}

/** The visitor's keyed hash behind a question the receiver holds, or null (not a visitor's question). */
export async function visitorKeyOfQuestion(ctx: AppContext, questionId: string): Promise<string | null> {
  const [row] = await queryRows<{ visitorKey: string }>(
    ctx.db,
    sql`select visitor_key as "visitorKey" from visitor_questions where question_id = ${questionId}`,
  );
  return row?.visitorKey ?? null;
}
