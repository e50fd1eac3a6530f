import { Create, Delete, Mention, Note, PUBLIC_COLLECTION, Tombstone, type Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import type { UserRow } from '../db/schema/index.js';
import type { PublicReply } from '../features/visibility/index.js';
import { paragraphsHtml, publicLinks } from '../features/sharing/views.js';
import { isoFromPg } from '../db/timestamps.js';
import { replyNoteId } from './uris.js';
import { noteUri } from './vocab.js';

/**
 * A reply made here, as the fediverse reads it (decision 372): a Note by its author whose
 * `inReplyTo` is the answer's Note, public, copied to the answer owner's followers (the people it
 * is delivered to) and naming the owner. It says nothing of the question or who asked it.
 */

export const replyNoteUri = (ctx: Context<void>, replyId: string): URL => ctx.getObjectUri(Note, { id: replyNoteId(replyId) });

const addressing = (ctx: Context<void>, owner: UserRow) => ({ to: PUBLIC_COLLECTION, ccs: [ctx.getFollowersUri(owner.id), ctx.getActorUri(owner.id)] });

export function toReplyNote(ctx: Context<void>, reply: PublicReply, author: UserRow, owner: UserRow): Note {
  return new Note({
    id: replyNoteUri(ctx, reply.id),
    attribution: ctx.getActorUri(author.id),
    contents: [paragraphsHtml(reply.text)],
    replyTarget: noteUri(ctx, reply.answerId),
    tags: [new Mention({ href: ctx.getActorUri(owner.id), name: `@${owner.username}@${new URL(ctx.canonicalOrigin).host}` })],
    url: new URL(publicLinks.answer(ctx.canonicalOrigin, owner.username, reply.answerId)),
    published: Temporal.Instant.from(isoFromPg(reply.createdAt)),
    ...addressing(ctx, owner),
  });
}

export function replyCreateActivity(ctx: Context<void>, reply: PublicReply, author: UserRow, owner: UserRow): Create {
  const note = toReplyNote(ctx, reply, author, owner);
  return new Create({
    id: new URL(`${note.id!.href}#create`),
    actor: note.attributionId,
    object: note,
    published: note.published,
    to: PUBLIC_COLLECTION,
    ccs: note.ccIds,
  });
}

/** The Delete of a reply's Note, by its author. */
export function replyDeleteActivity(ctx: Context<void>, authorId: string, replyId: string): Delete {
  const id = replyNoteUri(ctx, replyId);
  return new Delete({ id: new URL(`${id.href}#delete`), actor: ctx.getActorUri(authorId), object: new Tombstone({ id }), to: PUBLIC_COLLECTION });
}
