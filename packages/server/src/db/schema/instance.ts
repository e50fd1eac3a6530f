import { date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { INSTANCE_PAGES, LOCALES } from '@askbox/common';
import { users } from './users.js';

/** The instance's own pages as its admins wrote them; a page without a row shows the default text. */
export const instancePages = pgTable('instance_pages', {
  slug: text('slug', { enum: INSTANCE_PAGES }).primaryKey(),
  markdown: text('markdown').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Banners scheduled by admins; the latest one whose window holds now is shown. */
export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    textEn: text('text_en').notNull(),
    textFr: text('text_fr').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('announcements_created').on(t.createdAt)],
);

/** Who closed which banner: it stays closed for them on every device. */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/**
 * Ideas of questions an admin added to the built-in ones, per language. With a day, the prompt is
 * that day's question of the day: offered first to askers on that day, never put in any inbox.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: text('id').primaryKey(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    text: text('text').notNull(),
    day: date('day', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('prompts_locale').on(t.locale, t.day)],
);
