import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every app instance (sign-up, log-in, asking, uploads). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

/** Small values generated once and kept (e.g. VAPID keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
