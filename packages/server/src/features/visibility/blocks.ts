import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open.js';
import { run, statement } from '../../db/statements.js';
import { blocks } from '../../db/schema/index.js';

/**
 * Named blocks. A block in either direction cuts every link: no profile view, no follow, no
 * question, no appearance in feeds, search or recommendations. What a block does to questions
 * already received is decided in questions.ts (never anything to anonymous ones).
 */

/** Whether a block stands between `a` and `b`, whoever made it. */
export async function isBlockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const state = await blockStateBetween(db, a, b);
  return state.viewerBlocked || state.blockedByOther;
}

const blockState = statement<{ blockerId: string }, { viewerId: string; otherId: string }>(
  'block_state_between',
  sql`select blocker_id as "blockerId" from blocks
      where (blocker_id = ${sql.placeholder('viewerId')} and blocked_id = ${sql.placeholder('otherId')})
         or (blocker_id = ${sql.placeholder('otherId')} and blocked_id = ${sql.placeholder('viewerId')})`,
);

/** Who blocked whom between a viewer and another user, for the profile screen's states (a prepared statement: every profile view runs it). */
export async function blockStateBetween(db: DbOrTx, viewerId: string, otherId: string): Promise<{ viewerBlocked: boolean; blockedByOther: boolean }> {
  const rows = await run(db, blockState, { viewerId, otherId });
  return { viewerBlocked: rows.some((r) => r.blockerId === viewerId), blockedByOther: rows.some((r) => r.blockerId === otherId) };
}

/** The viewer in a fragment: an id, a prepared statement's placeholder, or a column of the caller's query (one viewer a row). */
export type ViewerRef = string | Placeholder | SQL;

/**
 * A WHERE fragment: `userColumn` is not blocked by, and has not blocked, the viewer. Written as NOT IN the viewer's blocks, both ways, so the
 * planner reads them once and hashes them (a 'hashed SubPlan') whatever the table's size; a
 * NOT EXISTS with an OR was probed row by row on small tables (a scan of `blocks` for each of a
 * feed's 141 followees on PGlite), and two NOT EXISTS became two index probes a row on
 * PostgreSQL (decision 190). Both columns are NOT NULL, so NOT IN means what NOT EXISTS did.
 */
export function notBlockedWith(viewerId: ViewerRef, userColumn: AnyPgColumn | SQL): SQL {
  return sql`${userColumn} not in (
    select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}
  )`;
}

/**
 * Transaction-scoped lock on an unordered pair of users: follow and block of the same two
 * people run one after the other, so a block always wins over a racing follow.
 */
export async function lockPair(tx: DbOrTx, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
