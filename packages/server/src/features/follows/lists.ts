import { and, desc, eq, type SQL } from 'drizzle-orm';
import { en } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { follows, users } from '../../db/schema/index.js';
import { forbidden } from '../../http/errors.js';
import { isBlockedEitherWay, notBlockedWith } from '../social/rules.js';
import { userSummary } from '../users/views.js';

/** The modal lists are capped; the counters stay exact (they are counted, not listed). */
const FOLLOW_LIST_MAX = 500;

/**
 * Who follows `userId` ('followers') or whom `userId` follows ('following'), newest link first.
 * Refused (403) across a block between the viewer and `userId`; people in a block with the
 * viewer are left out: the viewer must not see them anywhere.
 */
export async function listFollowLinks(db: DbOrTx, viewerId: string, userId: string, direction: 'followers' | 'following') {
  if (userId !== viewerId && (await isBlockedEitherWay(db, viewerId, userId))) throw forbidden(en.forbidden, 'blocked');
  const [ownColumn, otherColumn] = direction === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
  const visible: SQL = notBlockedWith(viewerId, users.id);
  const rows = await db
    .select({ id: users.id, username: users.username, fullname: users.fullname, photoUrl: users.photoUrl, badge: users.badge })
    .from(follows)
    .innerJoin(users, eq(users.id, otherColumn))
    .where(and(eq(ownColumn, userId), visible))
    .orderBy(desc(follows.createdAt), users.username)
    .limit(FOLLOW_LIST_MAX);
  return rows.map(userSummary);
}
