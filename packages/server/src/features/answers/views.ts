import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Post } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { likes, users } from '../../db/schema/index.js';
import { exactLikeCount } from '../../db/counters.js';
import { isoFromPg, isoFromPgOrNull } from '../../db/timestamps.js';
import { statement, type Statement } from '../../db/statements.js';
import { blockedEitherWayAmong, visibleUser } from '../visibility/index.js';
import { userSummary } from '../users/views.js';

/**
 * The columns every post query selects (the skeleton). Times stay as the database's text and are
 * formatted in JS after the LIMIT (see db/timestamps.ts); the like count is kept on the row (with
 * the changes not folded into it yet, decision 199).
 */
export const postColumns = sql`q.id, q.text, q.answer, q.is_anonymous as "isAnonymous",
  q.sender_id as "senderId", q.receiver_id as "receiverId",
  q.created_at as "createdAt", q.answered_at as "answeredAt", ${exactLikeCount(sql`q.id`, sql`q.like_count`)} as "likeCount"`;

export interface PostRow {
  id: string;
  text: string;
  answer: string | null;
  isAnonymous: boolean;
  senderId: string | null;
  receiverId: string;
  /** timestamptz as text */
  createdAt: string;
  answeredAt: string | null;
  likeCount: number;
}

/** The cursor time of a post row (for toPage). */
export const postCursorTime = (row: PostRow) => row.answeredAt ?? row.createdAt;

/**
 * Hydrates a page of post rows: users, the viewer's likes and the block check of named senders
 * in three batch queries (like counts come with the rows). The sender is loaded only for non-anonymous questions, so an anonymous sender
 * can never reach a response, whatever the caller does with the result. A named sender is left
 * out too when a block stands between them and the viewer (the question itself stays).
 */
export async function hydratePosts(db: DbOrTx, viewerId: string, rows: PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.flatMap((r) => (r.isAnonymous || !r.senderId ? [r.receiverId] : [r.receiverId, r.senderId])))];
  const namedSenderIds = [...new Set(rows.flatMap((r) => (!r.isAnonymous && r.senderId && r.senderId !== viewerId ? [r.senderId] : [])))];
  const [people, liked, hiddenSenders] = await Promise.all([
    db.select().from(users).where(inArray(users.id, userIds)),
    db
      .select({ questionId: likes.questionId })
      .from(likes)
      .where(and(eq(likes.userId, viewerId), inArray(likes.questionId, ids))),
    // a block cuts every link: a named sender blocked either way with the viewer is not shown
    blockedEitherWayAmong(db, viewerId, namedSenderIds),
  ]);
  const byId = new Map(people.map((u) => [u.id, userSummary(u)]));
  const likedIds = new Set(liked.map((l) => l.questionId));
  return rows.flatMap((r) => {
    const receiver = byId.get(r.receiverId);
    if (!receiver) return [];
    const sender = !r.isAnonymous && r.senderId && !hiddenSenders.has(r.senderId) ? (byId.get(r.senderId) ?? null) : null;
    return [
      {
        id: r.id,
        text: r.text,
        answer: r.answer ?? '',
        isAnonymous: r.isAnonymous,
        createdAt: isoFromPg(r.createdAt),
        answeredAt: isoFromPgOrNull(r.answeredAt),
        sender,
        receiver,
        likeCount: Number(r.likeCount),
        likedByViewer: likedIds.has(r.id),
      },
    ];
  });
}

/**
 * What a page statement's skeleton selects from `questions q` (its alias): the post and the ids
 * its hydration joins on.
 */
export const skeletonColumns = sql`q.id, q.text, q.answer, q.is_anonymous, q.sender_id, q.receiver_id, q.created_at, q.answered_at, q.like_count`;

/** A row of a hydrated page: the post, its receiver, its shown sender (or nulls), the viewer's like. */
export interface HydratedPostRow {
  id: string;
  text: string;
  answer: string | null;
  isAnonymous: boolean;
  /** timestamptz as text */
  createdAt: string;
  answeredAt: string | null;
  likeCount: number;
  receiverId: string;
  receiverUsername: string;
  receiverFullname: string;
  receiverPhotoUrl: string | null;
  receiverBadge: string;
  senderId: string | null;
  senderUsername: string | null;
  senderFullname: string | null;
  senderPhotoUrl: string | null;
  senderBadge: string | null;
  likedByViewer: boolean;
}

const viewer = sql.placeholder('viewerId');

/**
 * A page of posts and everything shown with them in ONE prepared statement (one round trip, no
 * query building per request): `skeleton` selects the page's `skeletonColumns` (LIMIT size + 1,
 * in index order), and the rows are joined with their receiver, the viewer's like and the sender.
 * The sender is joined only when the question is not anonymous, so an anonymous sender's id or
 * name never leaves the database; a named sender blocked either way with the viewer is left out
 * too (the post stays). Same rules as `hydratePosts` (unused since; kept until the visibility work lands).
 */
export function hydratedPostPage<Args extends Record<string, unknown>>(name: string, skeleton: SQL): Statement<HydratedPostRow, Args & { viewerId: string }> {
  return statement<HydratedPostRow, Args & { viewerId: string }>(
    name,
    sql`with page as (${skeleton})
        select p.id, p.text, p.answer, p.is_anonymous as "isAnonymous", p.created_at as "createdAt", p.answered_at as "answeredAt",
          ${exactLikeCount(sql`p.id`, sql`p.like_count`)} as "likeCount",
          r.id as "receiverId", r.username as "receiverUsername", r.fullname as "receiverFullname", r.photo_url as "receiverPhotoUrl",
          r.badge as "receiverBadge",
          s.id as "senderId", s.username as "senderUsername", s.fullname as "senderFullname", s.photo_url as "senderPhotoUrl",
          s.badge as "senderBadge",
          exists (select 1 from likes l where l.question_id = p.id and l.user_id = ${viewer}) as "likedByViewer"
        from page p
        join users r on r.id = p.receiver_id
        left join users s on not p.is_anonymous and s.id = p.sender_id and (s.id = ${viewer} or ${visibleUser(viewer, sql`s.id`)})
        order by p.answered_at desc nulls last, p.id desc nulls last`,
  );
}

/** The cursor time of a hydrated row (for toPage). */
export const hydratedCursorTime = (row: HydratedPostRow) => row.answeredAt ?? row.createdAt;

/** A hydrated row as the API's Post. */
export function postFromRow(r: HydratedPostRow): Post {
  const receiver = userSummary({
    id: r.receiverId,
    username: r.receiverUsername,
    fullname: r.receiverFullname,
    photoUrl: r.receiverPhotoUrl,
    badge: r.receiverBadge,
  });
  const sender =
    !r.isAnonymous && r.senderId
      ? userSummary({ id: r.senderId, username: r.senderUsername!, fullname: r.senderFullname!, photoUrl: r.senderPhotoUrl, badge: r.senderBadge! })
      : null;
  return {
    id: r.id,
    text: r.text,
    answer: r.answer ?? '',
    isAnonymous: r.isAnonymous,
    createdAt: isoFromPg(r.createdAt),
    answeredAt: isoFromPgOrNull(r.answeredAt),
    sender,
    receiver,
    likeCount: Number(r.likeCount),
    likedByViewer: Boolean(r.likedByViewer),
  };
}
