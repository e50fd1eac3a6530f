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

/**
 * The Note ids of an answer: its own (`/ap/answers/<id>`), and the public copy of an answer to a
 * followers-only or direct post that its author also published (`/ap/answers/<id>.public`,
 * decision 332). A question id never holds a dot.
 */
export const PUBLIC_COPY_SUFFIX = '.public';
export const publicCopyNoteId = (answerId: string) => `${answerId}${PUBLIC_COPY_SUFFIX}`;
/** The answer a Note id names, and whether it is the public copy. */
export function answerOfNoteId(noteId: string): { answerId: string; publicCopy: boolean } {
  return noteId.endsWith(PUBLIC_COPY_SUFFIX)
    ? { answerId: noteId.slice(0, -PUBLIC_COPY_SUFFIX.length), publicCopy: true }
    : { answerId: noteId, publicCopy: false };
}

/**
 * A reply made here has a Note of its own (decision 372) at `/ap/answers/<reply id>.reply`: the
 * one Note path Fedify dispatches, told apart by its suffix as the public copy is.
 */
export const REPLY_SUFFIX = '.reply';
export const replyNoteId = (replyId: string) => `${replyId}${REPLY_SUFFIX}`;
/** The reply a Note id names, or null when it names an answer. */
export const replyOfNoteId = (noteId: string): string | null => (noteId.endsWith(REPLY_SUFFIX) ? noteId.slice(0, -REPLY_SUFFIX.length) : null);

/** Absolute URIs on `origin` (PUBLIC_URL), for code that runs outside a Fedify context. */
export const apUris = {
  actor: (origin: string, userId: string) => `${origin}/ap/actors/${encodeURIComponent(userId)}`,
  note: (origin: string, answerId: string) => `${origin}/ap/answers/${encodeURIComponent(answerId)}`,
  replyNote: (origin: string, replyId: string) => `${origin}/ap/answers/${encodeURIComponent(replyNoteId(replyId))}`,
};

/** Paths Fedify answers (WebFinger, NodeInfo, actors, inboxes, collections, notes). */
export function isFederationPath(path: string): boolean {
  return path.startsWith('/ap/') || path === '/.well-known/webfinger' || path === '/.well-known/nodeinfo' || path.startsWith('/nodeinfo/');
}
