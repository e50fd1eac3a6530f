import { date, pgTable, text } from 'drizzle-orm/pg-core';
import { questions } from './questions.js';

/**
 * A question asked by someone without an account (features/visitors, decision 305). The question
 * row is anonymous and has no sender; this row keeps the visitor's keyed hash of that day, so that
 * 'Block this asker' can drop that visitor's next questions as it does an account's. The hash is
 * made with a key that changes every day and is then forgotten (visitor_keys): it never leads back
 * to an address.
 */
export const visitorQuestions = pgTable('visitor_questions', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  visitorKey: text('visitor_key').notNull(),
});

/**
 * The day's random key for visitors' keyed hashes, shared by every app instance; a day's key is
 * deleted the day after, so no hash made with it can be matched to an address again.
 */
export const visitorKeys = pgTable('visitor_keys', {
  day: date('day', { mode: 'string' }).primaryKey(),
  secret: text('secret').notNull(),
});
