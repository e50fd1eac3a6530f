import { and, eq, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { filterFor, filtersOf, receiverFilters, type FilterDelivery } from './questions.js';

/**
 * Questions from people without an account (decision 305). Who may receive them: a receiver
 * who turned 'Let people without an account ask me' on, whose profile is public and not suspended,
 * and whose other choices leave room for an anonymous asker nobody knows ('Refuse anonymous
 * questions' off, 'Who may ask me' everyone). Anyone else is, to a visitor, someone who does not
 * exist: the same page and the same 404 as an unknown username.
 */
export async function visitorReceiverByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.username, username.trim().toLowerCase()),
        eq(users.visitorQuestions, true),
        eq(users.publicProfile, true),
        isNull(users.suspendedAt),
        eq(users.refuseAnonymousQuestions, false),
        eq(users.whoMayAsk, 'everyone'),
      ),
    )
    .limit(1);
  return user ?? null;
}

/**
 * Where a visitor's question goes (filterFor): dropped when the receiver blocked this visitor
 * ('Block this asker' on one of their questions, matched by the day's keyed hash) or a moderator
 * blocked them everywhere (decision 288, the same way); a muted word sends it to the Filtered
 * folder or nowhere, as for any question. The visitor is answered the same either way.
 */
export async function visitorQuestionDelivery(db: DbOrTx, question: { receiverId: string; visitorKey: string; text: string }): Promise<FilterDelivery> {
  const [row] = await queryRows<{ blocked: boolean; words: string[] | null; keepsFiltered: boolean | null }>(
    db,
    sql`select exists (select 1 from asker_blocks where blocked_visitor_key = ${question.visitorKey} and blocker_id = u.id)
            or exists (select 1 from sender_blocks where blocked_visitor_key = ${question.visitorKey}) as blocked,
          ${filtersOf(sql`u`)}
        from users u where u.id = ${question.receiverId}`,
  );
  if (!row) return 'dropped';
  return filterFor(question.text, receiverFilters(row), row.blocked);
}
