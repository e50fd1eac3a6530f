import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
