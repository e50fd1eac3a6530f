import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { emailOutbox, type EmailKind } from '../db/schema/index.js';
import { writtenBySend, type SetSend } from '../features/visibility/index.js';

/**
 * Writing to the email outbox, inside the caller's transaction: the row commits or rolls back
 * with the event. What the email says is decided when it is sent (worker.ts), from the row's ids.
 */
export async function queueEmail(tx: DbOrTx, row: { userId: string | null; kind: EmailKind; data: Record<string, unknown> }): Promise<void> {
  await tx.insert(emailOutbox).values({ id: crypto.randomUUID(), userId: row.userId, kind: row.kind, data: row.data });
}

/** One email about a new question, if the receiver chose an email for each question. */
export async function queueQuestionEmail(tx: DbOrTx, event: { receiverId: string; questionId: string }): Promise<void> {
  await tx.execute(sql`
    insert into email_outbox (id, user_id, kind, data)
    select gen_random_uuid()::text, u.id, 'question', jsonb_build_object('questionId', ${event.questionId}::text)
    from users u where u.id = ${event.receiverId} and u.email_notifications = 'each'`);
}

/** A send to a set (the global question, 'Ask my followers'): one set-based insert for every receiver who chose an email for each question. */
export async function queueSetQuestionEmails(tx: DbOrTx, sent: SetSend): Promise<void> {
  await tx.execute(sql`
    insert into email_outbox (id, user_id, kind, data)
    select gen_random_uuid()::text, u.id, 'question', jsonb_build_object('questionId', q.id)
    from questions q join users u on u.id = q.receiver_id
    where ${writtenBySend(sql`q`, sent)} and u.email_notifications = 'each'`);
}

/** A suspension appeal: one email to each admin and moderator (composed when sent, from the appeal's id). */
export async function queueAppealEmails(tx: DbOrTx, appealId: string): Promise<void> {
  await tx.execute(sql`
    insert into email_outbox (id, user_id, kind, data)
    select gen_random_uuid()::text, u.id, 'appeal', jsonb_build_object('appealId', ${appealId}::text)
    from users u where u.role in ('admin', 'moderator') and u.suspended_at is null`);
}
