import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/** The push outbox (spec §3 push_notifications), written in the same transaction as the event. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').notNull(),
    sent: boolean('sent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** follow and like pushes: `kind:actor:target`, at most one a day each, cancelled when undone in the grace period */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('push_notifications_pending')
      .on(t.nextAttemptAt)
      .where(sql`not ${t.sent}`),
    index('push_notifications_dedupe')
      .on(t.dedupeKey, t.createdAt)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);
