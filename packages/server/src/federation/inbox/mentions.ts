import { Announce, Like, Mention, Note, PUBLIC_COLLECTION, type Context } from '@fedify/fedify';
import type { AppContext } from '../../context.js';
import { publicAnswerWithOwner, publicUserById } from '../../features/visibility/index.js';
import { questionTextOfPost } from './postText.js';
import { isRemoteBlocked, saveRemoteActor, type RemoteActorClaims } from '../actors/remoteActors.js';
import { addRemoteReaction, receiveRemoteQuestion, removeRemoteReaction, type PostVisibility } from './remoteQuestions.js';
import { answerOfNoteId } from '../uris.js';
import { actorOfActivity, type RecentActors } from '../actors/recentActors.js';

/** One post asks at most this many people (a post mentioning a crowd is not a question to each). */
const MAX_RECEIVERS = 5;
/** Tags read of one post, mentions or not. */
const MAX_TAGS = 50;

/**
 * A post that mentions local users with public profiles asks each of them (decision 300). A
 * reply to one of our answers is a reply, not a question, even though it mentions the answer's
 * author (Mastodon adds that mention itself).
 */
export async function receiveMentions(ctx: AppContext, ictx: Context<void>, note: Note, asker: RemoteActorClaims, followersId: URL | null): Promise<void> {
  if (!note.id) return;
  if (note.replyTargetId && ours(ictx, note.replyTargetId)) return;
  const receivers = new Set<string>();
  let seen = 0;
  for await (const tag of note.getTags({ documentLoader: ictx.documentLoader, contextLoader: ictx.contextLoader, suppressError: true })) {
    if (++seen > MAX_TAGS || receivers.size >= MAX_RECEIVERS) break;
    if (!(tag instanceof Mention) || !tag.href || !ours(ictx, tag.href)) continue;
    const target = ictx.parseUri(tag.href);
    if (target?.type === 'actor') receivers.add(target.identifier);
  }
  if (receivers.size === 0) return;
  const content = note.contents[0]?.toString() ?? '';
  const text = questionTextOfPost(content, ctx.config.maxTextLength);
  const visibility = visibilityOf(note, followersId);
  for (const receiverId of receivers) {
    // a private profile has no actor: a mention of it asks nothing
    const receiver = await publicUserById(ctx.db, receiverId);
    if (receiver) await receiveRemoteQuestion(ctx, { receiverId, asker, postUri: note.id.href, text, visibility });
  }
}

/** How a post was addressed: public (to everyone), unlisted (everyone in cc), followers-only, or direct. */
export function visibilityOf(note: Pick<Note, 'toIds' | 'ccIds'>, followersId: URL | null): PostVisibility {
  const isPublic = (id: URL) => id.href === PUBLIC_COLLECTION.href || id.href === 'as:Public' || id.href === 'Public';
  if (note.toIds.some(isPublic)) return 'public';
  if (note.ccIds.some(isPublic)) return 'unlisted';
  if (followersId && [...note.toIds, ...note.ccIds].some((id) => id.href === followersId.href)) return 'followers';
  return 'direct';
}

/** An URI of this server (Fedify's parseUri reads the path only). */
function ours(ictx: Context<void>, uri: URL): boolean {
  return uri.origin === ictx.canonicalOrigin || uri.origin === ictx.origin;
}

/** The answer a Like or Announce is about, when it is one of ours. */
function answerIdOf(ictx: Context<void>, objectId: URL | null): string | null {
  if (!objectId || !ours(ictx, objectId)) return null;
  const target = ictx.parseUri(objectId);
  const noteId = target?.type === 'object' && target.class === Note ? target.values.id : undefined;
  // the reply to the asker or the answer's public copy (decision 332): either is the one answer
  return noteId ? answerOfNoteId(noteId).answerId : null;
}

/**
 * A remote Like or Announce of an answer of a public profile: counted once per account, unless
 * its owner blocked the account or its server (then nothing happens, and nothing tells).
 */
export async function receiveReaction(
  ctx: AppContext,
  ictx: Context<void>,
  kind: 'like' | 'announce',
  activity: Like | Announce,
  actors: RecentActors,
): Promise<void> {
  const answerId = answerIdOf(ictx, activity.objectId);
  if (!answerId || !activity.actorId) return;
  const found = await publicAnswerWithOwner(ctx.db, answerId);
  if (!found || (await isRemoteBlocked(ctx.db, found.user.id, activity.actorId.href))) return;
  const actor = await actorOfActivity(ictx, activity, actors);
  const saved = actor ? await saveRemoteActor(ctx.db, actor.claims) : null;
  if (!saved) return;
  await addRemoteReaction(ctx, { questionId: answerId, actorUri: saved.uri, kind, activityId: activity.id?.href ?? null }, saved.handle);
}

/** Undo(Like) or Undo(Announce), or an Undo naming only the activity's id (then whichever it was). */
export async function undoReaction(
  ctx: AppContext,
  ictx: Context<void>,
  actorId: URL,
  object: Like | Announce | { id: URL | null; objectId: URL | null },
): Promise<void> {
  const kinds: ('like' | 'announce')[] = object instanceof Like ? ['like'] : object instanceof Announce ? ['announce'] : ['like', 'announce'];
  const questionId = answerIdOf(ictx, object.objectId);
  for (const kind of kinds) await removeRemoteReaction(ctx, { actorUri: actorId.href, kind, activityId: object.id?.href ?? null, questionId });
}
