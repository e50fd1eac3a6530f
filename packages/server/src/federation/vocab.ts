import {
  Accept,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  LanguageString,
  Mention,
  Note,
  Person,
  PropertyValue,
  PUBLIC_COLLECTION,
  Reject,
  Tombstone,
  Update,
  type Context,
} from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import type { UserRow } from '../db/schema/index.js';
import type { PublicAnswer } from '../features/visibility/index.js';
import { answerHtml, answerPictureUrl, askerLabel, escapeMarkup, paragraphsHtml, pictureUrl, publicLinks } from '../features/sharing/views.js';
import { publicCopyNoteId } from './uris.js';

/**
 * How Askbox speaks ActivityStreams: a public profile is a Person, an answer is a Note that
 * quotes the question (asked by 'Anonymous', or by @username when the asker's own profile is
 * public) and links back to the answer's page. Built with Fedify's vocabulary classes, so the
 * JSON-LD is Fedify's, not ours.
 */

const instant = (iso: string | Date) => Temporal.Instant.from(typeof iso === 'string' ? iso : iso.toISOString());

/** Every answer is public: addressed to everyone, copied to the followers collection. */
const addressing = (ctx: Context<void>, userId: string) => ({ to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(userId) });

export function noteUri(ctx: Context<void>, answerId: string): URL {
  return ctx.getObjectUri(Note, { id: answerId });
}

/** The public copy's Note id (decision 332): an address of its own, so the asker's private reply keeps its own. */
export function publicCopyNoteUri(ctx: Context<void>, answerId: string): URL {
  return ctx.getObjectUri(Note, { id: publicCopyNoteId(answerId) });
}

/** An answer to a followers-only or direct post from another server: it goes to its asker alone unless published too. */
export const isPrivateRemoteAnswer = (answer: Pick<PublicAnswer, 'remote'>) =>
  answer.remote?.visibility === 'followers' || answer.remote?.visibility === 'direct';

/** Whether the answer has a public copy (decision 332). */
export const hasPublicCopy = (answer: Pick<PublicAnswer, 'remote' | 'publishToFollowers'>) => isPrivateRemoteAnswer(answer) && answer.publishToFollowers;

/**
 * The public copy of an answer to a followers-only or direct post (decision 332): the answer as
 * it would read had the question been asked here and its asker not named: no `inReplyTo`, no
 * Mention, addressed to everyone and the followers. Nothing of the asker (handle, actor, post) is
 * in it; `askerUsername` is already null for such a post.
 */
export function toPublicCopyNote(ctx: Context<void>, user: UserRow, answer: PublicAnswer): Note {
  const unnamed: PublicAnswer = { ...answer, askerUsername: null, remote: null };
  return toNote(ctx, user, unnamed).clone({ id: publicCopyNoteUri(ctx, answer.id) });
}

export function createPublicCopyActivity(ctx: Context<void>, user: UserRow, answer: PublicAnswer): Create {
  return createOf(ctx, user, toPublicCopyNote(ctx, user, answer), addressing(ctx, user.id));
}

/** What the outbox collection lists of an answer: the public copy of a published private one, the answer itself otherwise. */
export const outboxActivity = (ctx: Context<void>, user: UserRow, answer: PublicAnswer): Create =>
  hasPublicCopy(answer) ? createPublicCopyActivity(ctx, user, answer) : createActivity(ctx, user, answer);

/**
 * Who an answer goes to (decision 301). An answer to a local question, or to a public post from
 * another server, is public; an unlisted post's answer is unlisted; an answer to a followers-only
 * or direct post goes to its asker alone. The remote asker is always addressed and mentioned.
 */
function answerAddressing(ctx: Context<void>, userId: string, answer: PublicAnswer) {
  const remote = answer.remote;
  if (!remote) return { tos: [PUBLIC_COLLECTION], ccs: [ctx.getFollowersUri(userId)] };
  const asker = new URL(remote.actorUri);
  if (remote.visibility === 'public') return { tos: [PUBLIC_COLLECTION], ccs: [ctx.getFollowersUri(userId), asker] };
  if (remote.visibility === 'unlisted') return { tos: [ctx.getFollowersUri(userId)], ccs: [PUBLIC_COLLECTION, asker] };
  return { tos: [asker], ccs: [] };
}

/** Text in the author's language too (contentMap, summaryMap), when they chose one. */
const localized = (text: string, locale: string | null) => (locale ? [text, new LanguageString(text, locale)] : [text]);

/**
 * An answer's Note. Its content warning (decision 315) is the summary, with `sensitive`, and wins
 * over 'question as content warning': the question is then quoted in the content, behind the
 * warning with the answer. Its picture is an Image attachment whose `name` is the alt text.
 */
export function toNote(ctx: Context<void>, user: UserRow, answer: PublicAnswer): Note {
  const origin = ctx.canonicalOrigin;
  const link = publicLinks.answer(origin, user.username, answer.id);
  const answerWarning = answer.contentWarning;
  // with 'question as content warning' on, the question is the summary and the answer the content
  const questionFirst = !answerWarning && user.questionAsContentWarning;
  const content = questionFirst
    ? `<p>${escapeMarkup(askerLabel(answer))} asked:</p>${paragraphsHtml(answer.answer)}<p><a href="${escapeMarkup(link)}">${escapeMarkup(link)}</a></p>`
    : answerHtml(answer, link);
  const summary = answerWarning ?? (questionFirst ? answer.question : null);
  const picture = answer.picture;
  return new Note({
    id: noteUri(ctx, answer.id),
    attribution: ctx.getActorUri(user.id),
    contents: localized(content, user.locale),
    summaries: summary !== null ? localized(summary, user.locale) : [],
    ...(answerWarning ? { sensitive: true } : {}),
    ...(picture
      ? {
          attachments: [
            new Image({
              url: new URL(answerPictureUrl(origin, picture)),
              mediaType: 'image/jpeg',
              name: picture.alt,
              width: picture.width,
              height: picture.height,
            }),
          ],
        }
      : {}),
    replyTarget: answer.remote ? new URL(answer.remote.postUri) : null,
    tags: answer.remote ? [new Mention({ href: new URL(answer.remote.actorUri) })] : [],
    url: new URL(link),
    published: instant(answer.answeredAt),
    ...answerAddressing(ctx, user.id, answer),
  });
}

export async function toPerson(ctx: Context<void>, user: UserRow): Promise<Person> {
  const origin = ctx.canonicalOrigin;
  const [key] = await ctx.getActorKeyPairs(user.id);
  const bio = user.bio.trim() ? `<p>${escapeMarkup(user.bio)}</p>` : undefined;
  return new Person({
    id: ctx.getActorUri(user.id),
    preferredUsername: user.username,
    name: user.fullname,
    summary: bio,
    url: new URL(publicLinks.profile(origin, user.username)),
    published: instant(user.createdAt),
    icon: new Image({ url: new URL(pictureUrl(origin, user)) }),
    image: user.coverUrl ? new Image({ url: new URL(user.coverUrl, origin) }) : undefined,
    inbox: ctx.getInboxUri(user.id),
    outbox: ctx.getOutboxUri(user.id),
    followers: ctx.getFollowersUri(user.id),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: key?.cryptographicKey,
    assertionMethods: key ? [key.multikey] : [],
    // moving (decision 380): the old accounts this one also is, and the new one it moved to
    aliases: user.aliases.map((alias) => new URL(alias.uri)),
    successor: user.movedTo ? new URL(user.movedTo.uri) : null,
    manuallyApprovesFollowers: false,
    discoverable: true,
    attachments: user.website
      ? [new PropertyValue({ name: 'Website', value: `<a href="${escapeMarkup(user.website)}" rel="me nofollow noopener">${escapeMarkup(user.website)}</a>` })]
      : [],
  });
}

export function createActivity(ctx: Context<void>, user: UserRow, answer: PublicAnswer): Create {
  return createOf(ctx, user, toNote(ctx, user, answer), answerAddressing(ctx, user.id, answer));
}

/** The Create of a Note, addressed as the Note is. */
function createOf(ctx: Context<void>, user: UserRow, note: Note, addressed: { tos?: URL[]; to?: URL; ccs?: URL[]; cc?: URL }): Create {
  return new Create({ id: new URL(`${note.id!.href}#create`), actor: ctx.getActorUri(user.id), object: note, published: note.published, ...addressed });
}

/** The Delete of an answer's Note, or of its public copy (decision 332). */
export function deleteActivity(ctx: Context<void>, userId: string, answerId: string, note: 'answer' | 'publicCopy' = 'answer'): Delete {
  const id = note === 'publicCopy' ? publicCopyNoteUri(ctx, answerId) : noteUri(ctx, answerId);
  return new Delete({
    id: new URL(`${id.href}#delete`),
    actor: ctx.getActorUri(userId),
    object: new Tombstone({ id }),
    ...addressing(ctx, userId),
  });
}

/** `deliveryId` makes each profile update its own activity (receivers drop an id seen before). */
export async function updateActivity(ctx: Context<void>, user: UserRow, deliveryId: string): Promise<Update> {
  const actor = ctx.getActorUri(user.id);
  return new Update({
    id: new URL(`${actor.href}#updates/${deliveryId}`),
    actor,
    object: await toPerson(ctx, user),
    ...addressing(ctx, user.id),
  });
}

/** Accept or Reject a remote actor's Follow of `userId`. */
export function followAnswer(
  ctx: Context<void>,
  kind: 'accept' | 'reject',
  userId: string,
  deliveryId: string,
  follow: { followId: string; actorUri: string },
): Accept | Reject {
  const actor = ctx.getActorUri(userId);
  const values = {
    id: new URL(`${actor.href}#${kind}s/${deliveryId}`),
    actor,
    to: new URL(follow.actorUri),
    object: new Follow({ id: new URL(follow.followId), actor: new URL(follow.actorUri), object: actor }),
  };
  return kind === 'accept' ? new Accept(values) : new Reject(values);
}
