import { asc, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { follows, users } from '../../db/schema/index.js';
import type { Config } from '../../config.js';

/** How many of the instance's first accounts a newcomer follows when DEFAULT_FOLLOWS is unset (the spec's two). */
export const FIRST_ACCOUNTS_FOLLOWED = 2;

/**
 * True when the account being created in `tx` is the instance's first one (it becomes the admin).
 * Two sign-ups racing on an empty instance queue on a transaction lock, so the second one sees the
 * first one's row and stays a user. Once any account exists, nobody waits on the lock.
 */
export async function isFirstAccount(tx: DbOrTx): Promise<boolean> {
  const anyAccount = async () => (await tx.select({ id: users.id }).from(users).limit(1)).length > 0;
  if (await anyAccount()) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('askbox:first-account'))`);
  return !(await anyAccount());
}

/**
 * New accounts follow the DEFAULT_FOLLOWS accounts (absent ones skipped), or with no setting the
 * instance's first accounts: the operator's, so a new feed is never a dead end.
 */
export async function followDefaultAccounts(tx: DbOrTx, userId: string, setting: Config['defaultFollows']): Promise<void> {
  const targets =
    setting === 'first-accounts'
      ? await tx.select({ id: users.id }).from(users).where(ne(users.id, userId)).orderBy(asc(users.createdAt), asc(users.id)).limit(FIRST_ACCOUNTS_FOLLOWED)
      : setting.length === 0
        ? []
        : await tx.select({ id: users.id }).from(users).where(inArray(users.username, setting));
  const rows = targets.filter((t) => t.id !== userId).map((t) => ({ followerId: userId, followeeId: t.id }));
  if (rows.length > 0) await tx.insert(follows).values(rows).onConflictDoNothing();
}
