import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Post } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { likes, users } from '../../db/schema/index.js';
import { isoFromPg, isoFromPgOrNull } from '../../db/timestamps.js';
import { blockedEitherWayAmong } from '../visibility/index.js';
import { userSummary } from '../users/views.js';

/**
 * The columns every post query selects (the skeleton). Times stay as the database's text and are
 * formatted in JS after the LIMIT (see db/timestamps.ts); the like count is kept on the row.
 */
export const postColumns = sql`q.id, q.text, q.answer, q.is_anonymous as "isAnonymous",
  q.sender_id as "senderId", q.receiver_id as "receiverId",
  q.created_at as "createdAt", q.answered_at as "answeredAt", q.like_count as "likeCount"`;

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
