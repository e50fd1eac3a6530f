import { and, count, desc, eq, sql } from 'drizzle-orm';
import { clampText, hasControlCharacters, MAX_FULLNAME_LENGTH, REMOTE_BLOCKS_MAX } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { remoteActors, remoteBlocks, remoteFollows, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { queryRows } from '../../db/sql.js';
import { remoteActorBlocked } from '../../features/visibility/index.js';
import { queueFollowAnswer } from '../outbox/deliveryRows.js';

/**
 * People on other servers: what their actor documents said, who follows whom, and who is
 * blocked. A block (of an actor or of their whole domain) and a follow never stand together.
 */

export interface RemoteActorInfo {
  uri: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  handle: string;
  name: string;
  url: string | null;
  iconUrl: string | null;
}

/** What a remote actor document says of its actor: untrusted until `cleanRemoteActor` made it fit to keep. */
export interface RemoteActorClaims {
  uri: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  /** preferredUsername */
  username: string;
  name: string;
  url: string | null;
  iconUrl: string | null;
}

/** The lower-case host of an actor URI (what domain blocks match). */
export const domainOf = (uri: string) => new URL(uri).hostname.toLowerCase();

/** Longest URL we keep of a remote actor; a longer one is not kept (or, for its id and inbox, the actor is not). */
export const REMOTE_URL_MAX = 2048;
const REMOTE_USERNAME_MAX = 64;

/** Controls (C0, DEL, C1) removed, spaces trimmed, cut to `max` code points: remote text held to the rules of local text. */
function cleanText(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return clampText(value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim(), max);
}

const cleanUrl = (value: string | null) => (value && value.length <= REMOTE_URL_MAX && !hasControlCharacters(value, { multiline: false }) ? value : null);

/**
 * What a remote server says of its actor, made fit to store and show: names and handles cleaned
 * of control characters (PostgreSQL refuses NUL) and bounded like local text, links kept only
 * when short and clean. Null when its id or inbox is not such a link.
 */
export function cleanRemoteActor(actor: RemoteActorClaims): RemoteActorInfo | null {
  const uri = cleanUrl(actor.uri);
  const inboxUrl = cleanUrl(actor.inboxUrl);
  if (!uri || !inboxUrl) return null;
  return {
    uri,
    inboxUrl,
    sharedInboxUrl: cleanUrl(actor.sharedInboxUrl),
    handle: `@${cleanText(actor.username, REMOTE_USERNAME_MAX) || 'unknown'}@${new URL(uri).host}`,
    name: cleanText(actor.name, MAX_FULLNAME_LENGTH),
    url: cleanUrl(actor.url),
    iconUrl: cleanUrl(actor.iconUrl),
  };
}

/** The one place remote actors are stored: every field goes through `cleanRemoteActor` first. */
export async function saveRemoteActor(tx: DbOrTx, claims: RemoteActorClaims): Promise<RemoteActorInfo | null> {
  const actor = cleanRemoteActor(claims);
  if (!actor) return null;
  const values = { ...actor, domain: domainOf(actor.uri), updatedAt: new Date() };
  await tx.insert(remoteActors).values(values).onConflictDoUpdate({ target: remoteActors.uri, set: values });
  return actor;
}

/** Whether `userId` blocked this actor or their domain. */
export async function isRemoteBlocked(tx: DbOrTx, userId: string, actorUri: string): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(tx, sql`select ${remoteActorBlocked(userId, sql`${actorUri}`, sql`${domainOf(actorUri)}`)} as blocked`);
  return row?.blocked === true;
}

/**
 * A remote actor asked to follow `userId`: accepted (and answered with Accept) unless a block
 * stands, then answered with Reject. Idempotent: a repeated Follow is accepted again, one link.
 */
export async function receiveFollow(tx: DbOrTx, userId: string, claims: RemoteActorClaims, followId: string): Promise<'accepted' | 'rejected' | 'ignored'> {
  const actor = await saveRemoteActor(tx, claims);
  if (!actor) return 'ignored';
  const inboxUrl = actor.inboxUrl;
  if (await isRemoteBlocked(tx, userId, actor.uri)) {
    await queueFollowAnswer(tx, userId, 'reject', { followId, actorUri: actor.uri, inboxUrl });
    return 'rejected';
  }
  await tx
    .insert(remoteFollows)
    .values({ userId, actorUri: actor.uri, followId })
    .onConflictDoUpdate({ target: [remoteFollows.userId, remoteFollows.actorUri], set: { followId } });
  await queueFollowAnswer(tx, userId, 'accept', { followId, actorUri: actor.uri, inboxUrl });
  return 'accepted';
}

/** Undo(Follow): the actor who made the follow takes it back (matched by actor, and by Follow id when given). */
export async function receiveUnfollow(tx: DbOrTx, actorUri: string, target: { userId?: string; followId?: string }): Promise<void> {
  const conditions = [eq(remoteFollows.actorUri, actorUri)];
  if (target.userId) conditions.push(eq(remoteFollows.userId, target.userId));
  if (target.followId) conditions.push(eq(remoteFollows.followId, target.followId));
  if (conditions.length === 1) return; // neither who nor which follow: nothing to match safely
  await tx.delete(remoteFollows).where(and(...conditions));
}

/** The actor deleted their account: forget them and their follows. */
export async function forgetRemoteActor(tx: DbOrTx, actorUri: string): Promise<void> {
  await tx.delete(remoteActors).where(eq(remoteActors.uri, actorUri));
}

/** Refreshes what we show of an actor we already know (their Update). */
export async function refreshRemoteActor(tx: DbOrTx, actor: RemoteActorClaims): Promise<void> {
  const [known] = await tx.select({ uri: remoteActors.uri }).from(remoteActors).where(eq(remoteActors.uri, actor.uri));
  if (known) await saveRemoteActor(tx, actor);
}

/** How many remote actors follow `userId` (part of the Followers counter). */
export async function remoteFollowerCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(remoteFollows).where(eq(remoteFollows.userId, userId));
  return Number(row?.n ?? 0);
}

/** `userId`'s remote followers, newest first (capped like the local list). */
export async function remoteFollowers(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      uri: remoteActors.uri,
      handle: remoteActors.handle,
      name: remoteActors.name,
      url: remoteActors.url,
      iconUrl: remoteActors.iconUrl,
      domain: remoteActors.domain,
    })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.uri, remoteFollows.actorUri))
    .where(eq(remoteFollows.userId, userId))
    .orderBy(desc(remoteFollows.createdAt), remoteActors.uri)
    .limit(limit);
}

/**
 * `userId` blocks a remote actor or a whole domain: the follows it covers end here and on their
 * servers (a Reject of each accepted Follow makes Mastodon and others drop it too).
 */
export async function blockRemote(tx: DbOrTx, userId: string, kind: 'actor' | 'domain', target: string): Promise<void> {
  // the user's row lock serialises two blocks at once, so the limit holds
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(remoteBlocks).where(eq(remoteBlocks.userId, userId));
  const added = await tx.insert(remoteBlocks).values({ userId, kind, target }).onConflictDoNothing().returning({ target: remoteBlocks.target });
  if (added.length > 0 && Number(total) >= REMOTE_BLOCKS_MAX) throw new AppError('remote_blocks_full');
  const covered = kind === 'actor' ? eq(remoteActors.uri, target) : eq(remoteActors.domain, target);
  const ended = await tx
    .select({ actorUri: remoteFollows.actorUri, followId: remoteFollows.followId, inboxUrl: remoteActors.inboxUrl })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.uri, remoteFollows.actorUri))
    .where(and(eq(remoteFollows.userId, userId), covered));
  for (const follow of ended) {
    if (follow.followId) await queueFollowAnswer(tx, userId, 'reject', { followId: follow.followId, actorUri: follow.actorUri, inboxUrl: follow.inboxUrl });
  }
  await tx.execute(sql`
    delete from remote_follows f using remote_actors a
    where a.uri = f.actor_uri and f.user_id = ${userId} and ${kind === 'actor' ? sql`a.uri = ${target}` : sql`a.domain = ${target}`}`);
}

export async function unblockRemote(tx: DbOrTx, userId: string, kind: 'actor' | 'domain', target: string): Promise<void> {
  await tx.delete(remoteBlocks).where(and(eq(remoteBlocks.userId, userId), eq(remoteBlocks.kind, kind), eq(remoteBlocks.target, target)));
}

export async function remoteBlockList(db: DbOrTx, userId: string) {
  return db
    .select({ kind: remoteBlocks.kind, target: remoteBlocks.target, handle: remoteActors.handle })
    .from(remoteBlocks)
    .leftJoin(remoteActors, and(eq(remoteBlocks.kind, 'actor'), eq(remoteActors.uri, remoteBlocks.target)))
    .where(eq(remoteBlocks.userId, userId))
    .orderBy(desc(remoteBlocks.createdAt));
}
