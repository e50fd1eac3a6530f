import { eq, sql } from 'drizzle-orm';
import { messages, type Profile, type ProfileCounts, type UpdateProfileInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { forbidden } from '../../http/errors.js';
import { blockStateBetween } from '../social/rules.js';
import { findUserByUsername } from '../users/lookup.js';
import { avatarUrlOf } from '../users/views.js';

/**
 * The four profile counters, counted from indexed tables at read time so they are always
 * exact (no stored counter to drift under concurrent clicks).
 */
export async function profileCounts(db: DbOrTx, userId: string): Promise<ProfileCounts> {
  const [row] = await queryRows<{ answers: number | string; followings: number | string; followers: number | string; likes: number | string }>(
    db,
    sql`select
      (select count(*) from questions where receiver_id = ${userId} and answered) as answers,
      (select count(*) from follows where follower_id = ${userId}) as followings,
      (select count(*) from follows where followee_id = ${userId}) as followers,
      (select count(*) from likes l join questions q on q.id = l.question_id
        where q.receiver_id = ${userId} and q.answered) as likes`,
  );
  return { answers: Number(row?.answers ?? 0), followings: Number(row?.followings ?? 0), followers: Number(row?.followers ?? 0), likes: Number(row?.likes ?? 0) };
}

/** A profile as the viewer may see it; someone who blocked the viewer gets a 403 with no data. */
export async function getProfile(db: DbOrTx, viewerId: string, username: string): Promise<Profile> {
  const user = await findUserByUsername(db, username);
  const isSelf = user.id === viewerId;
  const blocks = isSelf ? { viewerBlocked: false, blockedByOther: false } : await blockStateBetween(db, viewerId, user.id);
  if (blocks.blockedByOther) throw forbidden(messages.blockedByThemText, 'blocked_by_user');
  const [counts, following] = await Promise.all([
    profileCounts(db, user.id),
    isSelf
      ? Promise.resolve([])
      : queryRows(db, sql`select 1 from follows where follower_id = ${viewerId} and followee_id = ${user.id}`),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      fullname: user.fullname,
      photoURL: avatarUrlOf(user),
      coverURL: user.coverUrl,
      badge: user.badge,
      bio: user.bio,
      website: user.website,
    },
    counts,
    viewer: { isSelf, isFollowing: following.length > 0, blockedByViewer: blocks.viewerBlocked },
  };
}

export async function updateProfile(ctx: AppContext, userId: string, input: Required<UpdateProfileInput>) {
  const [user] = await ctx.db
    .update(users)
    .set({ fullname: input.fullname, bio: input.bio, website: input.website })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}
