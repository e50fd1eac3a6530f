import { and, eq, sql } from 'drizzle-orm';
import type { FollowState } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { follows } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { isBlockedEitherWay, lockPair } from '../visibility/index.js';

/** The Followers counter: local followers and followers on other servers (ActivityPub). */
async function followerCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from follows where followee_id = ${userId}) + (select count(*) from remote_follows where user_id = ${userId}) as n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The one place a follow happens. Idempotent: following twice keeps one link (and one
 * notification). Refused for oneself and when either side blocked the other.
 */
export async function follow(ctx: AppContext, followerId: string, followeeId: string): Promise<FollowState> {
  if (followerId === followeeId) throw new AppError('self_follow');
  return ctx.db.transaction(async (tx) => {
    // serialises with a concurrent block of the same pair, so a follow never survives a block
    await lockPair(tx, followerId, followeeId);
    if (await isBlockedEitherWay(tx, followerId, followeeId)) throw new AppError('blocked');
    const at = new Date();
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followeeId, createdAt: at })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    if (inserted.length > 0) await events.emit(tx, ctx, { type: 'followed', followerId, followeeId, at });
    return { isFollowing: true, followers: await followerCount(tx, followeeId) };
  });
}

/** Removes the link (and so its time); unfollowing someone not followed is a no-op. */
export async function unfollow(ctx: AppContext, followerId: string, followeeId: string): Promise<FollowState> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ followerId: follows.followerId });
    // a follow undone at once sends no push (decision 110)
    if (removed.length > 0) await events.emit(tx, ctx, { type: 'unfollowed', followerId, followeeId });
  });
  return { isFollowing: false, followers: await followerCount(ctx.db, followeeId) };
}
