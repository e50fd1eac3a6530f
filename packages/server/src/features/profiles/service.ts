import { eq, sql } from 'drizzle-orm';
import { type Profile, type ProfileCounts, type UpdateProfileInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { exactLikesReceived } from '../../db/counters.js';
import type { DbOrTx } from '../../db/open.js';
import { users, type UserRowWithoutHash } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { runOne, statement } from '../../db/statements.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { blockStateBetween, refusalSaidBefore } from '../visibility/index.js';
import { isPublicProfile } from '../visibility/index.js';
import { avatarUrlOf } from '../users/views.js';

const countsOf = statement<ProfileCounts, { userId: string }>(
  'profile_counts',
  // followers on other servers (ActivityPub) count too; the list shows them marked remote
  sql`select s.answers, s.followings, s.followers + (select count(*)::int from remote_follows r where r.user_id = s.user_id) as followers,
        ${exactLikesReceived(sql`s.user_id`, sql`s.likes_received`)} as likes
      from user_stats s where s.user_id = ${sql.placeholder('userId')}`,
);

/**
 * The four profile counters: one primary-key read of user_stats, which triggers keep exact in the
 * transaction of every follow, like and answer (decision 142) — the same cost for 50,000 followers —
 * and the likes not folded into it yet (decision 199).
 */
export async function profileCounts(db: DbOrTx, userId: string): Promise<ProfileCounts> {
  const row = await runOne(db, countsOf, { userId });
  return row ?? { answers: 0, followings: 0, followers: 0, likes: 0 };
}

/**
 * `user`'s profile as the viewer may see it; someone who blocked the viewer gets a 403 with no
 * data. Takes the row the route already looked up, since the profile shows its fields.
 */
export async function getProfile(db: DbOrTx, viewerId: string, user: UserRowWithoutHash): Promise<Profile> {
  const isSelf = user.id === viewerId;
  const blocks = isSelf ? { viewerBlocked: false, blockedByOther: false } : await blockStateBetween(db, viewerId, user.id);
  if (blocks.blockedByOther) throw new AppError('blocked_by_user');
  const [counts, following, askRefusal] = await Promise.all([
    profileCounts(db, user.id),
    isSelf ? Promise.resolve([]) : queryRows(db, sql`select 1 from follows where follower_id = ${viewerId} and followee_id = ${user.id}`),
    // said before typing; your own profile has no ask box
    isSelf ? Promise.resolve(null) : refusalSaidBefore(db, { kind: 'account', id: viewerId }, user.id, new Date()),
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
      refusesAnonymousQuestions: user.refuseAnonymousQuestions,
      publicProfile: isPublicProfile(user),
      movedTo: user.movedTo?.handle ?? null,
    },
    counts,
    viewer: { isSelf, isFollowing: following.length > 0, blockedByViewer: blocks.viewerBlocked, askRefusal },
  };
}

export async function updateProfile(ctx: AppContext, userId: string, input: Required<UpdateProfileInput>) {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ fullname: input.fullname, bio: input.bio, website: input.website }).where(eq(users.id, userId)).returning();
    await events.emit(tx, ctx, { type: 'profileChanged', userId });
    return user!;
  });
}

/**
 * Which of these usernames an @mention may link to: accounts whose profile opens, so not a
 * suspended one (decision 108), nor a name no one has. Sign-up already tells whether a name is
 * taken, so the answer says nothing new.
 */
export async function mentionableUsernames(db: DbOrTx, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await queryRows<{ username: string }>(
    db,
    sql`select username from users where username in (${sql.join(
      usernames.map((name) => sql`${name}`),
      sql`, `,
    )}) and suspended_at is null order by username`,
  );
  return rows.map((r) => r.username);
}
