import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_TARGET_KINDS } from '@askbox/common';
import { users } from './users.js';

/**
 * A user's report of a question in their inbox, an answer or a profile (decision 108). One per
 * reporter per item. `accountId` is the account a suspension would hit: the answerer, the profile,
 * the sender of a NAMED question — never the sender of an anonymous one (null then), so nothing
 * in moderation can point at an anonymous asker.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: REPORT_TARGET_KINDS }).notNull(),
    /** a question id (question, answer) or a user id (profile); the content may be gone since */
    targetId: text('target_id').notNull(),
    accountId: text('account_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    /** the instance rule the reporter named (its text then: the Rules page may change later) */
    rule: text('rule'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_one_per_reporter').on(t.reporterId, t.targetKind, t.targetId),
    // the moderation queue: open reports, oldest first
    index('reports_open')
      .on(t.createdAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
    index('reports_target').on(t.targetKind, t.targetId),
  ],
);
