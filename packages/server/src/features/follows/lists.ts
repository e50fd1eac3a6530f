import { sql } from 'drizzle-orm';
import { en, type UserPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { forbidden } from '../../http/errors.js';
import { isBlockedEitherWay, visibleUser } from '../visibility/index.js';
import { userSummary } from '../users/views.js';

/** People per page of a followers / followings list (the counters stay exact: they are counted, not listed). */
export const FOLLOW_PAGE_SIZE = 50;

interface LinkRow {
  id: string;
  username: string;
  fullname: string;
  photoUrl: string | null;
  badge: string;
  /** follows.created_at as text (microseconds, for the cursor) */
  linkedAt: string;
}

/**
 * Who follows `userId` ('followers') or whom `userId` follows ('following'), newest link first,
 * paged with the one keyset cursor (link time, the other person's id): every follower is
 * reachable, however many there are.
 * Refused (403) across a block between the viewer and `userId`; people in a block with the
 * viewer are left out: the viewer must not see them anywhere.
 */
export async function listFollowLinks(
  db: DbOrTx,
  viewerId: string,
  userId: string,
  direction: 'followers' | 'following',
  rawCursor?: string,
): Promise<UserPage> {
  if (userId !== viewerId && (await isBlockedEitherWay(db, viewerId, userId))) throw forbidden(en.forbidden, 'blocked');
  const cursor = decodeCursor(rawCursor);
  const [own, other] = direction === 'followers' ? [sql`f.followee_id`, sql`f.follower_id`] : [sql`f.follower_id`, sql`f.followee_id`];
  const rows = await queryRows<LinkRow>(
    db,
    sql`select u.id, u.username, u.fullname, u.photo_url as "photoUrl", u.badge, f.created_at as "linkedAt"
        from follows f join users u on u.id = ${other}
        where ${own} = ${userId} and ${visibleUser(viewerId, sql`u.id`)}
          and ${beforeCursor(sql`f.created_at`, sql`u.id`, cursor)}
        order by ${newestFirst(sql`f.created_at`, sql`u.id`)}
        limit ${FOLLOW_PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, FOLLOW_PAGE_SIZE, (row) => row.linkedAt);
  return { items: page.rows.map(userSummary), nextCursor: page.nextCursor };
}
