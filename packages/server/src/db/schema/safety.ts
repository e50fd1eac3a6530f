import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * 'Block this asker' on an anonymous question: later questions from the real sender to the
 * blocker are silently dropped. Nothing else changes between them (a named block would hide
 * profiles, search results and follows, and so tell the blocker who it was). One row per use,
 * keeping the question's text and date for Settings › Blocked users; the sender is never shown.
 */
export const askerBlocks = pgTable(
  'asker_blocks',
  {
    id: text('id').primaryKey(),
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the real sender; null when the question had none (a deleted account): then it drops nothing
    blockedId: text('blocked_id').references(() => users.id, { onDelete: 'set null' }),
    // a visitor's question (features/visitors): the visitor's keyed hash of that day, never an address
    blockedVisitorKey: text('blocked_visitor_key'),
    questionText: text('question_text').notNull(),
    questionCreatedAt: timestamp('question_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Settings' list, newest first
    index('asker_blocks_blocker').on(t.blockerId, t.createdAt.desc()),
    // the check on every question: is this sender quietly blocked by this receiver?
    index('asker_blocks_blocked').on(t.blockedId, t.blockerId),
    // the same check for a visitor's question
    index('asker_blocks_visitor')
      .on(t.blockedVisitorKey, t.blockerId)
      .where(sql`${t.blockedVisitorKey} is not null`),
  ],
);

/** A receiver's muted words (at most MUTED_WORDS_MAX): stored normalised (see normalizeMutedWord). */
export const mutedWords = pgTable(
  'muted_words',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);
