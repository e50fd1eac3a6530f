import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * A profile's four counters, kept exact by triggers on follows, questions and likes in the same
 * transaction as the change (migration 0006, decision 142): reading them is one primary-key
 * lookup, whether the account has 5 followers or 50,000.
 */
export const userStats = pgTable(
  'user_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    followers: integer('followers').notNull().default(0),
    followings: integer('followings').notNull().default(0),
    /** answered questions received */
    answers: integer('answers').notNull().default(0),
    /** likes on those answers */
    likesReceived: integer('likes_received').notNull().default(0),
  },
  // the most followed accounts (recommendations) straight from an index
  (t) => [index('user_stats_followers').on(t.followers.desc(), t.userId)],
);

/**
 * Friend suggestions computed for a viewer (friends of friends, ranked), reused until they are
 * `FRIEND_SUGGESTIONS_TTL` old; who is followed or blocked now is checked when they are read.
 */
export const friendSuggestions = pgTable('friend_suggestions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  candidateIds: text('candidate_ids').array().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

/**
 * Likes and unlikes not yet added to their answer's `like_count` and its owner's `likes_received`
 * (migration 0015, decision 199). The likes trigger appends each like's +1 and each unlike's -1
 * here, so likes of one popular answer never wait for each other's rows, and the server folds
 * these rows into the counts every 250 ms. A count is exact when read as the stored one plus its
 * rows here (`exactLikeCount`, `exactLikesReceived`).
 */
export const likeCountChanges = pgTable(
  'like_count_changes',
  {
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** the answer's owner, whose likes_received it counts for; null while the question is unanswered */
    receiverId: text('receiver_id'),
    n: integer('n').notNull(),
  },
  (t) => [
    index('like_count_changes_question').on(t.questionId),
    index('like_count_changes_receiver')
      .on(t.receiverId)
      .where(sql`${t.receiverId} is not null`),
  ],
);
