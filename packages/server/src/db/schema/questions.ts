import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

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
    answered: boolean('answered').notNull().default(false),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // how many likes it has, kept exact by a trigger on likes (migration 0006): read with the post, never counted
    likeCount: integer('like_count').notNull().default(0),
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
    // the sender's 'Answers' notifications tab
    index('questions_sender_answered')
      .on(t.senderId, t.answeredAt.desc())
      .where(sql`${t.answered}`),
  ],
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
