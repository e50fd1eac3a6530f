import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, Note } from '@fedify/fedify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { replies } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { RetryLaterError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { consumeRateLimit } from '../../rateLimit.js';
import { publicAnswerWithOwner, repliesOpen, replyHasMutedWord } from '../../features/visibility/index.js';
import { domainOf, isRemoteBlocked, saveRemoteActor, type RemoteActorClaims } from '../actors/remoteActors.js';
import { isServerBlocked } from '../servers/serverBlocks.js';
import { answerOfNoteId, replyOfNoteId } from '../uris.js';
import { questionTextOfPost } from './postText.js';
import { visibilityOf } from './mentions.js';

/**
 * Replies from the fediverse (decision 370): a public or unlisted Note whose `inReplyTo` is one
 * of our answers, one of our replies or a remote reply already in a thread joins that answer's
 * thread, named by its author's handle. Every rule of the owner applies as to a reply made here;
 * whatever happens, the remote server is answered the same (202), so a refusal is never seen.
 */

const WINDOW_SECONDS = 600;

/** Per remote account (as a local replier: QUESTION_RATE_LIMIT) and per remote server, both per 10 minutes. */
export const remoteReplyRateLimitKey = {
  account: (actorUri: string) => `remote-reply:${actorUri}`,
  server: (domain: string) => `remote-reply-server:${domain}`,
};

/** An URI of this server (Fedify's parseUri reads the path only). */
const ours = (ictx: Context<void>, uri: URL) => uri.origin === ictx.canonicalOrigin || uri.origin === ictx.origin;

/** The answer whose thread `target` (an `inReplyTo`) is in: our answer's Note, our reply's Note, or a remote reply we keep. */
export async function threadOfReplyTarget(db: DbOrTx, ictx: Context<void>, target: URL): Promise<string | null> {
  if (ours(ictx, target)) {
    const parsed = ictx.parseUri(target);
    const noteId = parsed?.type === 'object' ? parsed.values.id : undefined;
    if (!noteId) return null;
    const replyId = replyOfNoteId(noteId);
    if (!replyId) return answerOfNoteId(noteId).answerId;
    const [reply] = await queryRows<{ answerId: string }>(db, sql`select answer_id as "answerId" from replies where id = ${replyId}`);
    return reply?.answerId ?? null;
  }
  const [remote] = await queryRows<{ answerId: string }>(db, sql`select answer_id as "answerId" from replies where remote_note_uri = ${target.href}`);
  return remote?.answerId ?? null;
}

/**
 * A Create(Note) that replies in one of our threads. Returns whether it was such a reply (kept or
 * dropped): then it is a reply and never a question, even when it mentions the answer's owner
 * (decision 371).
 */
export async function receiveRemoteReply(
  ctx: AppContext,
  ictx: Context<void>,
  note: Note,
  author: RemoteActorClaims,
  followersId: URL | null,
): Promise<boolean> {
  if (!note.id || !note.replyTargetId) return false;
  const answerId = await threadOfReplyTarget(ctx.db, ictx, note.replyTargetId);
  if (!answerId) return false;
  // a followers-only or direct reply is not for a public thread
  const visibility = visibilityOf(note, followersId);
  if (visibility !== 'public' && visibility !== 'unlisted') return true;
  const text = questionTextOfPost(note.contents[0]?.toString() ?? '', ctx.config.maxTextLength);
  if (text) await keepRemoteReply(ctx, { answerId, author, noteUri: note.id.href, text });
  return true;
}

interface IncomingReply {
  answerId: string;
  author: RemoteActorClaims;
  noteUri: string;
  text: string;
}

/** Whether the owner's rules admit this remote author in the answer's thread now. */
async function admitted(ctx: AppContext, reply: IncomingReply): Promise<{ ownerId: string } | null> {
  const found = await publicAnswerWithOwner(ctx.db, reply.answerId);
  if (!found) return null;
  const owner = found.user;
  const [open] = await queryRows<{ open: boolean }>(ctx.db, sql`select ${repliesOpen(sql`u`)} as open from users u where u.id = ${owner.id}`);
  // 'people I follow' admits nobody from afar: no one here follows a remote account
  if (!open?.open || owner.whoMayReply !== 'everyone') return null;
  if ((await isServerBlocked(ctx.db, reply.author.uri)) || (await isRemoteBlocked(ctx.db, owner.id, reply.author.uri))) return null;
  return { ownerId: owner.id };
}

async function keepRemoteReply(ctx: AppContext, reply: IncomingReply): Promise<void> {
  const thread = await admitted(ctx, reply);
  if (!thread) return;
  const domain = domainOf(reply.author.uri);
  try {
    await consumeRateLimit(ctx.db, remoteReplyRateLimitKey.account(reply.author.uri), ctx.config.rateLimits.questionsPer10Min, WINDOW_SECONDS);
    await consumeRateLimit(ctx.db, remoteReplyRateLimitKey.server(domain), ctx.config.remoteQuestionsPerServerPer10Min, WINDOW_SECONDS);
  } catch (error) {
    if (error instanceof RetryLaterError) return;
    throw error;
  }
  const muted = await replyHasMutedWord(ctx.db, thread.ownerId, reply.text);
  await ctx.db.transaction(async (tx) => {
    const actor = await saveRemoteActor(tx, reply.author);
    if (!actor) return;
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(replies)
      .values({
        id,
        answerId: reply.answerId,
        remoteActorUri: actor.uri,
        remoteDomain: domain,
        remoteNoteUri: reply.noteUri,
        text: reply.text,
        ...(muted ? { hiddenAt: new Date(), hiddenReason: 'muted' as const } : {}),
      })
      .onConflictDoNothing()
      .returning({ createdAt: replies.createdAt });
    if (!row) return; // the same Note again
    await events.emit(tx, ctx, {
      type: 'replied',
      replyId: id,
      answerId: reply.answerId,
      ownerId: thread.ownerId,
      authorId: actor.uri,
      hidden: muted,
      at: row.createdAt,
    });
  });
}

/**
 * Update(Note) of a remote reply by its own author: its text changes; a muted word in the new
 * text hides it as one would have when it came. An Update of any other Note is none of ours.
 */
export async function updateRemoteReply(ctx: AppContext, actorUri: string, note: Note): Promise<void> {
  if (!note.id || note.attributionId?.href !== actorUri) return;
  const [reply] = await queryRows<{ id: string; answerId: string; ownerId: string }>(
    ctx.db,
    sql`select rp.id, rp.answer_id as "answerId", q.receiver_id as "ownerId" from replies rp join questions q on q.id = rp.answer_id
        where rp.remote_note_uri = ${note.id.href} and rp.remote_actor_uri = ${actorUri}`,
  );
  if (!reply) return;
  const text = questionTextOfPost(note.contents[0]?.toString() ?? '', ctx.config.maxTextLength);
  if (!text) return;
  const muted = await replyHasMutedWord(ctx.db, reply.ownerId, text);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      muted
        ? sql`update replies set text = ${text}, hidden_at = coalesce(hidden_at, now()), hidden_reason = coalesce(hidden_reason, 'muted') where id = ${reply.id}`
        : sql`update replies set text = ${text} where id = ${reply.id}`,
    );
    await events.emit(tx, ctx, { type: 'replyChanged', replyId: reply.id, answerId: reply.answerId, ownerId: reply.ownerId });
  });
}

/** Delete of a remote reply's Note (or its Tombstone) by its own author: the reply leaves the thread. */
export async function deleteRemoteReply(ctx: AppContext, actorUri: string, noteUri: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await queryRows<{ id: string; answerId: string; ownerId: string }>(
      tx,
      sql`delete from replies rp using questions q
          where q.id = rp.answer_id and rp.remote_note_uri = ${noteUri} and rp.remote_actor_uri = ${actorUri}
          returning rp.id, rp.answer_id as "answerId", q.receiver_id as "ownerId"`,
    );
    for (const reply of removed) await events.emit(tx, ctx, { type: 'replyChanged', replyId: reply.id, answerId: reply.answerId, ownerId: reply.ownerId });
  });
}
