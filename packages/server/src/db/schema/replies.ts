import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * Replies under an answer (decision 358), newest last. A hidden reply (by the answer's owner, or
 * for one of the owner's muted words when written) is shown to nobody but its author, and waits
 * in the owner's hidden-replies list.
 */
export const replies = pgTable(
  'replies',
  {
    id: text('id').primaryKey(),
    answerId: text('answer_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason', { enum: ['owner', 'muted'] }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('replies_answer_created').on(t.answerId, t.createdAt, t.id), index('replies_author').on(t.authorId, t.answerId)],
);
