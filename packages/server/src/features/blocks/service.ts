import { and, desc, eq, or } from 'drizzle-orm';
import type { BlockState } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { blocks, follows, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { lockPair } from '../visibility/index.js';
import { userSummary } from '../users/views.js';

/** Blocks `blockedId` and removes the follow links in both directions, all in one transaction. */
export async function block(ctx: AppContext, blockerId: string, blockedId: string): Promise<BlockState> {
  if (blockerId === blockedId) throw new AppError('self_block');
  await ctx.db.transaction(async (tx) => {
    await lockPair(tx, blockerId, blockedId);
    await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
          and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
        ),
      );
  });
  return { blockedByViewer: true };
}

/** Removes only the viewer's own block; a block the other user made stays. */
export async function unblock(ctx: AppContext, blockerId: string, blockedId: string): Promise<BlockState> {
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return { blockedByViewer: false };
}

/** The viewer's own block list, most recent first: shown to that user only. */
export async function listBlockedUsers(db: DbOrTx, blockerId: string) {
  const rows = await db
    .select({ id: users.id, username: users.username, fullname: users.fullname, photoUrl: users.photoUrl, badge: users.badge })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), users.username);
  return rows.map(userSummary);
}
