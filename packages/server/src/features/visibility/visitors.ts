import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { users, type UserRow } from '../../db/schema/index.js';

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
