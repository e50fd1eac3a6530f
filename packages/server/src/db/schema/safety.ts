import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * The receiver's Filtered folder (when keep_filtered_questions is on): questions a muted word kept
 * out of the inbox, for the receiver to review for FILTERED_KEEP_DAYS, then purged. A row never
 * notifies, counts or shows anywhere but the folder; moved to the inbox it becomes a `questions`
 * row with the same id (so the asker's record finds its answer like any other).
 */
export const filteredQuestions = pgTable(
  'filtered_questions',
  {
    id: text('id').primaryKey(),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // kept for blocks and for the move to the inbox; never shown when anonymous
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    // how it was asked, kept for the move to the inbox (as on `questions`): the admin's global
    // question, 'Ask my followers', a visitor (their keyed hash, as in visitor_questions) or a
    // post from another server (as in remote_questions; all remote_* null for a local question)
    isGlobal: boolean('is_global').notNull().default(false),
    toFollowers: boolean('to_followers').notNull().default(false),
    visitorKey: text('visitor_key'),
    remoteActorUri: text('remote_actor_uri'),
    remoteHandle: text('remote_handle'),
    remoteName: text('remote_name'),
    remoteDomain: text('remote_domain'),
    remotePostUri: text('remote_post_uri'),
    remoteVisibility: text('remote_visibility', { enum: ['public', 'unlisted', 'followers', 'direct'] }),
  },
  (t) => [
    // one post delivered twice (its author's inbox and the shared inbox) is kept once
    uniqueIndex('filtered_questions_remote_post').on(t.remotePostUri, t.receiverId),
    // the folder, newest first
    index('filtered_questions_receiver').on(t.receiverId, t.createdAt.desc(), t.id.desc()),
    // the purge of rows older than FILTERED_KEEP_DAYS
    index('filtered_questions_created').on(t.createdAt),
    // the set-null when a sender's account goes
    index('filtered_questions_sender').on(t.senderId),
  ],
);
