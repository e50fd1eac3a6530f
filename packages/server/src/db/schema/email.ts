import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { outboxColumns, outboxIndexes } from './outboxColumns.js';

/** What an email row is about; the worker writes the message when it sends (decision 127). */
export const EMAIL_KINDS = [
  'password_reset',
  'question',
  'digest',
  'signup_approved',
  'signup_rejected',
  'email_verification',
  'appeal',
  'new_sign_in',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The email outbox: rows written in the same transaction as the event (a question, a reset
 * request, a digest falling due), delivered by the email worker like push (decision 030).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    // null for a reset request: the request never looks the address up (decision 126)
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    data: jsonb('data').notNull(),
    ...outboxColumns(),
  },
  (t) => [...outboxIndexes('email_outbox', t), index('email_outbox_user').on(t.userId)],
);

/** Password reset links: only the sha-256 of the token is stored; a row is deleted when used. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('password_reset_tokens_user').on(t.userId)],
);
