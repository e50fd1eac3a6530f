import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_TARGET_KINDS } from '@askbox/common';
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

/**
 * An instance-wide block of the sender of an anonymous question, made by a moderator from a
 * report ('Block this sender everywhere', decision 288). `blockedId` is read only by the question
 * delivery check (visibility/questions.ts); no response, list or audit entry ever shows it. What
 * moderators see is the question the block was made from.
 */
export const senderBlocks = pgTable(
  'sender_blocks',
  {
    id: text('id').primaryKey(),
    blockedId: text('blocked_id').references(() => users.id, { onDelete: 'cascade' }),
    // a visitor's question (features/visitors): the visitor's keyed hash of that day, never an address
    blockedVisitorKey: text('blocked_visitor_key'),
    questionText: text('question_text').notNull(),
    reportId: text('report_id').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // the check on every anonymous question: is this sender blocked everywhere?
    index('sender_blocks_blocked').on(t.blockedId),
    // the same check on a visitor's question
    index('sender_blocks_visitor')
      .on(t.blockedVisitorKey)
      .where(sql`${t.blockedVisitorKey} is not null`),
    // one block per report
    uniqueIndex('sender_blocks_report').on(t.reportId),
  ],
);

/**
 * Every moderation and admin action (decision 289): who did what, when, why, to what. `target`
 * is a username, a report or a question — never the sender of an anonymous question.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // kept as text, so the log still names who acted after their account is gone
    actorUsername: text('actor_username').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetKind: text('target_kind', { enum: AUDIT_TARGET_KINDS }).notNull(),
    target: text('target').notNull(),
    reason: text('reason').notNull().default(''),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_newest').on(t.createdAt.desc(), t.id.desc())],
);

/** A suspended person's one appeal of their suspension (decision 287), read in the moderation screen. */
export const suspensionAppeals = pgTable(
  'suspension_appeals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('suspension_appeals_open')
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null`),
  ],
);
