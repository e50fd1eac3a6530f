import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.js';
import { outboxColumns, outboxIndexes } from './outboxColumns.js';

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
    // the session that saved it: logging out (or any end of that session) ends this device's pushes
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [index('push_subscriptions_user').on(t.userId, t.updatedAt), index('push_subscriptions_session').on(t.sessionId)],
);

/** The push outbox (push_notifications in the product spec), written in the same transaction as the event. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the words last sent: null until the worker composes them from the ids below (decision 367) */
    title: text('title'),
    body: text('body'),
    data: jsonb('data').notNull(),
    /** a question push: the question it announces */
    questionId: text('question_id'),
    /** a like from another server: the liker's actor */
    actorUri: text('actor_uri'),
    /** false only for rows written with their texts, before pushes were composed when sent */
    composedWhenSent: boolean('composed_when_sent').notNull().default(true),
    ...outboxColumns(),
    /** follow and like pushes: `kind:actor:target`, at most one a day each, cancelled when undone in the grace period */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    ...outboxIndexes('push_notifications', t),
    index('push_notifications_dedupe')
      .on(t.dedupeKey, t.createdAt)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * Which device already got which notification: a retry goes only to the devices still missing it,
 * so one failing device neither costs the others their notification nor shows it to them twice.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: text('notification_id')
      .notNull()
      .references(() => pushNotifications.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.subscriptionId] }), index('push_deliveries_subscription').on(t.subscriptionId)],
);
