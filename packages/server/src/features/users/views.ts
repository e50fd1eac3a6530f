import type { Me } from '@askbox/common';
import type { UserRow, UserRowWithoutHash } from '../../db/schema/index.js';

/** Served by the web app (packages/web/public/images). */
const DEFAULT_AVATAR_URL = '/images/default-avatar.svg';

export const avatarUrlOf = (user: Pick<UserRow, 'photoUrl'>) => user.photoUrl ?? DEFAULT_AVATAR_URL;

/** The small public card of a user used in lists (feed, search, followers...). Never email or private lists. */
export function userSummary(user: Pick<UserRow, 'id' | 'username' | 'fullname' | 'photoUrl' | 'badge'>) {
  return { id: user.id, username: user.username, fullname: user.fullname, photoURL: avatarUrlOf(user), badge: user.badge };
}

/** The signed-in user's view of themself. */
export function toMe(user: UserRowWithoutHash): Me {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    fullname: user.fullname,
    bio: user.bio,
    website: user.website,
    photoURL: avatarUrlOf(user),
    coverURL: user.coverUrl,
    badge: user.badge,
    isAdmin: user.role === 'admin',
    emailVerified: user.emailVerifiedAt !== null,
    isModerator: user.role !== 'user',
    createdAt: user.createdAt.toISOString(),
  };
}
