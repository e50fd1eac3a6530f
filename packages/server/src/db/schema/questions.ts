import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { outboxColumns, outboxIndexes } from './outboxColumns.js';

export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    // Both name users, kept so by triggers once per statement rather than by foreign keys once per
    // row (migration 0014, decision 193): the receiver's questions go with the account, the
    // sender's id is set null. The sender is kept for blocks, rate limits and the sender's Answers
    // tab; never shown when anonymous.
    senderId: text('sender_id'),
    receiverId: text('receiver_id').notNull(),
    text: text('text').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(true),
    isGlobal: boolean('is_global').notNull().default(false),
    // sent by 'Ask my followers' to everyone who follows its sender (the card says so)
    toFollowers: boolean('to_followers').notNull().default(false),
    answered: boolean('answered').notNull().default(false),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // how many likes it has, kept exact by a trigger on likes (migration 0006): read with the post, never counted
    likeCount: integer('like_count').notNull().default(0),
    // pinned to the top of its receiver's profile (at most PINNED_ANSWERS_MAX); null = not pinned
    pinnedAt: timestamp('pinned_at', { withTimezone: true, mode: 'date' }),
    // the answer shown collapsed behind this short text (decision 315); null = no warning
    contentWarning: text('content_warning'),
    // an answer to a followers-only or direct post from another server, published to the
    // receiver's followers too, without naming the asker (decision 332); false = to the asker alone
    publishToFollowers: boolean('publish_to_followers').notNull().default(false),
    // one picture with the answer (decision 316): its largest stored width, alt text and size (for
    // the reserved aspect ratio); stored before the answer is sent, kept only with an alt text
    pictureUrl: text('picture_url'),
    pictureAlt: text('picture_alt'),
    pictureWidth: integer('picture_width'),
    pictureHeight: integer('picture_height'),
  },
  (t) => [
    // home feed and profile answers: keyset on (answered_at, id) per receiver
    index('questions_receiver_answered')
      .on(t.receiverId, t.answeredAt.desc(), t.id.desc())
      .where(sql`${t.answered}`),
    // inbox: unanswered questions per receiver, newest first
    index('questions_receiver_inbox')
      .on(t.receiverId, t.createdAt.desc(), t.id.desc())
      .where(sql`not ${t.answered}`),
    // a profile's pinned answers
    index('questions_receiver_pinned')
      .on(t.receiverId, t.pinnedAt.desc())
      .where(sql`${t.pinnedAt} is not null`),
    // the sender's 'Answers' notifications tab
    index('questions_sender_answered')
      .on(t.senderId, t.answeredAt.desc())
      .where(sql`${t.answered}`),
  ],
);

/**
 * The asker's own record of every question they sent (decision 205): written the same whether the
 * question reached its receiver or was dropped (a quiet asker block, a muted word), and untouched by
 * what the receiver does later, so the asker's data export cannot tell them apart. It is the
 * sender's data, never read for anyone else: it goes with the sender's account, and outlives the
 * receiver's (whose id is then forgotten). The id is the question's, so an answer is found by it.
 * A global question is one record with no receiver and `global_receivers`, the number of people it
 * was addressed to when it was sent: stored once, never recounted from rows that receivers' later
 * choices (deleting it, muting one of its words) remove.
 */
export const sentQuestions = pgTable(
  'sent_questions',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // null once the receiver's account is gone: the record keeps no trace of them (decision 129)
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    // set for a global question only: how many it was addressed to when sent
    globalReceivers: integer('global_receivers'),
  },
  (t) => [
    // the sender's export, oldest first, and the cascade when the sender goes
    index('sent_questions_sender').on(t.senderId, t.createdAt, t.id),
    // the set-null when a receiver's account goes
    index('sent_questions_receiver').on(t.receiverId),
  ],
);

/**
 * 'Ask my followers' waiting to be fanned out (decision 311): the request writes this one row and
 * answers at once; a worker writes each follower's question (and the sender's records) after, so
 * the sender's answer neither lasts nor reads differently whatever their followers' settings are.
 * The row goes in the transaction that fans it out.
 */
export const followerQuestionSends = pgTable(
  'follower_question_sends',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    ...outboxColumns(),
  },
  (t) => [...outboxIndexes('follower_question_sends', t), index('follower_question_sends_sender').on(t.senderId)],
);

export const likes = pgTable(
  'likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index('likes_user').on(t.userId)],
);

/**
 * Answer pictures whose question or answer is gone, or that were replaced: queued by triggers on
 * `questions` (migration 0032) for every way a row goes, a cascade or another trigger included,
 * and deleted from storage by sweepOrphanPictures (features/answerExtras). Files are not
 * transactional: the queue commits with the deletion, the files go after.
 */
export const orphanPictures = pgTable(
  'orphan_pictures',
  {
    url: text('url').primaryKey(),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('orphan_pictures_queued').on(t.queuedAt)],
);
