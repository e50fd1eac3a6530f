/**
 * Where the ActivityPub documents live. Actors are named by user id, not username, so an account
 * deleted and its name taken again never inherits the old actor's followers or keys.
 */
export const apPaths = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  note: '/ap/answers/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const;

/** Absolute URIs on `origin` (PUBLIC_URL), for code that runs outside a Fedify context. */
export const apUris = {
  actor: (origin: string, userId: string) => `${origin}/ap/actors/${encodeURIComponent(userId)}`,
  note: (origin: string, answerId: string) => `${origin}/ap/answers/${encodeURIComponent(answerId)}`,
};

/** Paths Fedify answers (WebFinger, NodeInfo, actors, inboxes, collections, notes). */
export function isFederationPath(path: string): boolean {
  return path.startsWith('/ap/') || path === '/.well-known/webfinger' || path === '/.well-known/nodeinfo' || path.startsWith('/nodeinfo/');
}
