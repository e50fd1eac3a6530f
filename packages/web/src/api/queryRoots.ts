/**
 * The first parts of the query keys that changes make stale. Each feature's key factory builds on
 * its root here, and `staleAfter.ts` names what each change makes stale by the same roots, so the
 * two never drift apart.
 */
export const queryRoots = {
  questions: ['questions'],
  counters: ['counters'],
  profiles: ['profile'],
  feed: ['feed'],
  feedNewCounts: ['feed', 'new-count'],
  friends: ['friends'],
  friendSearches: ['friends', 'search'],
  friendsRecommended: ['friends', 'recommended'],
  notifications: ['notifications'],
  moderation: ['moderation'],
  me: ['me'],
} as const;
