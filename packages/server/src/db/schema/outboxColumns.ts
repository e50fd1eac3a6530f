import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * The columns and index every outbox table (push_notifications, email_outbox, federation_deliveries,
 * federation_farewells) has beside its own, as outbox/batch.ts claims, renews and finishes rows.
 */
/** The columns every outbox table has, beside its own. */
export function outboxColumns() {
  return {
    sent: boolean('sent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** when the row is due; while claimed, when the claim lapses unless renewed */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** the batch that holds the row (renews its claim while it sends; null once finished) */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  };
}

/** The index every outbox table has: the due rows, in the order they are claimed. */
export function outboxIndexes(tableName: string, t: { sent: PgColumn; nextAttemptAt: PgColumn }) {
  return [
    index(`${tableName}_pending`)
      .on(t.nextAttemptAt)
      .where(sql`not ${t.sent}`),
  ];
}
