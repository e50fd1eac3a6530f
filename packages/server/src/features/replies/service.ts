import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type HiddenReplyPage, type Reply, type ReplyPage, type WhoMayReply } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage, type Cursor } from '../../db/pagination.js';
import { replies } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { blockStateBetween, repliesOpen, replyHasMutedWord, replyShownTo } from '../visibility/index.js';
import { hiddenReplyView, replyView, type ReplyRow } from './views.js';

/** Replies share the questions' budget per person (config.rateLimits.questionsPer10Min) and window. */
const REPLY_WINDOW_SECONDS = 600;

/** What the thread's rules need about an answer, its owner and the viewer. */
interface Thread {
  answerId: string;
  ownerId: string;
  open: boolean;
  whoMayReply: WhoMayReply;
  /** the owner follows the viewer ('people I follow') */
  followedByOwner: boolean;
}

/**
 * The answer's thread as the viewer may reach it: 404 for no answer (or a suspended owner's), the
 * profile's block refusals across a block either way. Nothing here reads the question's asker.
 */
async function threadFor(db: DbOrTx, viewerId: string, answerId: string): Promise<Thread> {
  const [thread] = await queryRows<Thread & { suspended: boolean }>(
    db,
    sql`select q.id as "answerId", q.receiver_id as "ownerId", ${repliesOpen(sql`u`)} as open, u.who_may_reply as "whoMayReply",
          u.suspended_at is not null as suspended,
          exists (select 1 from follows f where f.follower_id = q.receiver_id and f.followee_id = ${viewerId}) as "followedByOwner"
        from questions q join users u on u.id = q.receiver_id
        where q.id = ${answerId} and q.answered`,
  );
  if (!thread || thread.suspended) throw new AppError('not_found');
  if (thread.ownerId !== viewerId) {
    const state = await blockStateBetween(db, viewerId, thread.ownerId);
    if (state.blockedByOther) throw new AppError('blocked_by_user');
    if (state.viewerBlocked) throw new AppError('user_blocked');
  }
  return thread;
}

/** Whether the reply form is offered: the one rule the POST enforces too (the owner always may while replies are on). */
function mayReply(thread: Thread, viewerId: string): boolean {
  if (!thread.open) return false;
  if (thread.ownerId === viewerId) return true;
  if (thread.whoMayReply === 'everyone') return true;
  return thread.whoMayReply === 'following' && thread.followedByOwner;
}

const replyColumns = sql`rp.id, rp.answer_id as "answerId", rp.text, rp.created_at as "createdAt", rp.hidden_at is not null as hidden,
  rp.hidden_reason as "hiddenReason", a.id as "authorId", a.username, a.fullname, a.photo_url as "photoUrl", a.badge,
  ra.handle as "remoteHandle", ra.name as "remoteName"`;

/** A reply's author: a local account, or someone on another server (decision 370), as remote askers are shown. */
const replyAuthors = sql`left join users a on a.id = rp.author_id left join remote_actors ra on ra.uri = rp.remote_actor_uri`;

/** `(created_at, id) > cursor`: threads read oldest first (newest last), on the (answer_id, created_at, id) index. */
const afterCursor = (cursor: Cursor | null) => (cursor ? sql`(rp.created_at, rp.id) > (${cursor.at}::timestamptz, ${cursor.id})` : sql`true`);

/** A page of the thread under an answer, newest last, as the viewer may see it. */
export async function threadPage(db: DbOrTx, viewerId: string, answerId: string, rawCursor?: string): Promise<ReplyPage> {
  const cursor = decodeCursor(rawCursor);
  const thread = await threadFor(db, viewerId, answerId);
  const state = { open: thread.open, mayReply: mayReply(thread, viewerId) };
  if (!thread.open) return { items: [], nextCursor: null, ...state };
  const rows = await queryRows<ReplyRow>(
    db,
    sql`select ${replyColumns}
        from replies rp ${replyAuthors}
        where rp.answer_id = ${answerId} and ${afterCursor(cursor)}
          and ${replyShownTo(viewerId, sql`rp`, thread.ownerId)}
        order by rp.created_at, rp.id
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (row) => row.createdAt);
  return { items: page.rows.map((row) => replyView(row, viewerId, thread.ownerId)), nextCursor: page.nextCursor, ...state };
}

/**
 * Replies under an answer. Refused openly when replies are off or the viewer may not reply; a
 * reply with one of the owner's muted words is written hidden (the owner reviews it in their
 * hidden-replies list) and its author is answered exactly as for any reply.
 */
export async function replyTo(ctx: AppContext, viewerId: string, answerId: string, text: string): Promise<Reply> {
  const thread = await threadFor(ctx.db, viewerId, answerId);
  if (!thread.open) throw new AppError('replies_closed');
  if (!mayReply(thread, viewerId)) throw new AppError(thread.whoMayReply === 'nobody' ? 'replies_closed' : 'reply_not_allowed');
  await consumeRateLimit(ctx.db, accountRateLimitKey.reply(viewerId), ctx.config.rateLimits.questionsPer10Min, REPLY_WINDOW_SECONDS);
  const muted = viewerId !== thread.ownerId && (await replyHasMutedWord(ctx.db, thread.ownerId, text));
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(replies)
      .values({ id, answerId, authorId: viewerId, text, ...(muted ? { hiddenAt: new Date(), hiddenReason: 'muted' as const } : {}) })
      .returning({ createdAt: replies.createdAt });
    await events.emit(tx, ctx, { type: 'replied', replyId: id, answerId, ownerId: thread.ownerId, authorId: viewerId, hidden: muted, at: row!.createdAt });
  });
  return (await replyById(ctx.db, viewerId, id, thread.ownerId))!;
}

async function replyById(db: DbOrTx, viewerId: string, replyId: string, ownerId: string): Promise<Reply | null> {
  const [row] = await queryRows<ReplyRow>(db, sql`select ${replyColumns} from replies rp ${replyAuthors} where rp.id = ${replyId}`);
  return row ? replyView(row, viewerId, ownerId) : null;
}

/** A reply and its answer's owner, when the viewer may know of it: its author, the owner, or anyone it is shown to. */
async function reachableReply(db: DbOrTx, viewerId: string, replyId: string) {
  const [row] = await queryRows<{ id: string; answerId: string; authorId: string; ownerId: string }>(
    db,
    sql`select rp.id, rp.answer_id as "answerId", rp.author_id as "authorId", q.receiver_id as "ownerId"
        from replies rp join questions q on q.id = rp.answer_id
        where rp.id = ${replyId}
          and (q.receiver_id = ${viewerId} or ${replyShownTo(viewerId, sql`rp`, sql`q.receiver_id`)})`,
  );
  if (!row) throw new AppError('not_found');
  return row;
}

/** Deletes a reply: its author may, and the owner of the answer it is under. */
export async function deleteReply(ctx: AppContext, viewerId: string, replyId: string): Promise<void> {
  const reply = await reachableReply(ctx.db, viewerId, replyId);
  if (reply.authorId !== viewerId && reply.ownerId !== viewerId) throw new AppError('reply_not_yours');
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`delete from replies where id = ${replyId}`);
    await events.emit(tx, ctx, { type: 'replyChanged', replyId, answerId: reply.answerId, ownerId: reply.ownerId });
  });
}

/** Hides a reply under the viewer's answer (or shows it again): only the answer's owner may. */
export async function setReplyHidden(ctx: AppContext, viewerId: string, replyId: string, hidden: boolean): Promise<void> {
  const reply = await reachableReply(ctx.db, viewerId, replyId);
  if (reply.ownerId !== viewerId) throw new AppError('reply_not_yours');
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      hidden
        ? sql`update replies set hidden_at = coalesce(hidden_at, now()), hidden_reason = coalesce(hidden_reason, 'owner') where id = ${replyId}`
        : sql`update replies set hidden_at = null, hidden_reason = null where id = ${replyId}`,
    );
    await events.emit(tx, ctx, { type: 'replyChanged', replyId, answerId: reply.answerId, ownerId: reply.ownerId });
  });
}

/** The owner's hidden-replies list: replies under their answers they hid or that a muted word hid, newest first. */
export async function hiddenRepliesPage(db: DbOrTx, ownerId: string, rawCursor?: string): Promise<HiddenReplyPage> {
  const cursor = decodeCursor(rawCursor);
  const rows = await queryRows<ReplyRow & { answer: string | null }>(
    db,
    sql`select ${replyColumns}, q.answer
        from replies rp join questions q on q.id = rp.answer_id ${replyAuthors}
        where q.receiver_id = ${ownerId} and rp.hidden_at is not null
          and ${beforeCursor(sql`rp.created_at`, sql`rp.id`, cursor)}
        order by ${newestFirst(sql`rp.created_at`, sql`rp.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (row) => row.createdAt);
  return { items: page.rows.map((row) => hiddenReplyView(row, ownerId)), nextCursor: page.nextCursor };
}
