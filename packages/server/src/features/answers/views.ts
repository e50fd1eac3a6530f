import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Post } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { blocks, likes, users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { userSummary } from '../users/views.js';

/** The columns every post query selects (the skeleton), with times as ISO text. */
export const postColumns = sql`q.id, q.text, q.answer, q.is_anonymous as "isAnonymous",
  q.sender_id as "senderId", q.receiver_id as "receiverId",
  to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(q.answered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "answeredAt",
  to_char(q.answered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt"`;

export interface PostRow {
  id: string;
  text: string;
  answer: string | null;
  isAnonymous: boolean;
  senderId: string | null;
  receiverId: string;
  createdAt: string;
  answeredAt: string | null;
  cursorAt: string;
}

/**
 * Hydrates a page of post rows: users, like counts and the viewer's likes in three batch
 * queries. The sender is loaded only for non-anonymous questions, so an anonymous sender
 * can never reach a response, whatever the caller does with the result. A named sender is left
 * out too when a block stands between them and the viewer (the question itself stays).
 */
export async function hydratePosts(db: DbOrTx, viewerId: string, rows: PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.flatMap((r) => (r.isAnonymous || !r.senderId ? [r.receiverId] : [r.receiverId, r.senderId])))];
  const namedSenderIds = [...new Set(rows.flatMap((r) => (!r.isAnonymous && r.senderId && r.senderId !== viewerId ? [r.senderId] : [])))];
  const [people, counts, liked, blockedSenders] = await Promise.all([
    db.select().from(users).where(inArray(users.id, userIds)),
    queryRows<{ questionId: string; count: number }>(
      db,
      sql`select question_id as "questionId", count(*)::int as count from ${likes} where ${inArray(likes.questionId, ids)} group by question_id`,
    ),
    db
      .select({ questionId: likes.questionId })
      .from(likes)
      .where(and(eq(likes.userId, viewerId), inArray(likes.questionId, ids))),
    namedSenderIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
          .from(blocks)
          .where(
            or(
              and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, namedSenderIds)),
              and(eq(blocks.blockedId, viewerId), inArray(blocks.blockerId, namedSenderIds)),
            ),
          ),
  ]);
  // a block cuts every link: a named sender blocked either way with the viewer is not shown
  const hiddenSenders = new Set(blockedSenders.map((b) => (b.blockerId === viewerId ? b.blockedId : b.blockerId)));
  const byId = new Map(people.map((u) => [u.id, userSummary(u)]));
  const countOf = new Map(counts.map((c) => [c.questionId, Number(c.count)]));
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
        createdAt: r.createdAt,
        answeredAt: r.answeredAt,
        sender,
        receiver,
        likeCount: countOf.get(r.id) ?? 0,
        likedByViewer: likedIds.has(r.id),
      },
    ];
  });
}
