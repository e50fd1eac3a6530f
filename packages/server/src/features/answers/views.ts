import { sql, type SQL } from 'drizzle-orm';
import type { Answer } from '@askbox/common';
import { exactLikeCount } from '../../db/counters.js';
import { isoFromPg, isoFromPgOrNull } from '../../db/timestamps.js';
import { statement, type Statement } from '../../db/statements.js';
import { shownRemoteAskerJoin, shownReplyCount, visibleUser } from '../visibility/index.js';
import { userSummary } from '../users/views.js';
import { answerPicture, type PictureColumns } from '../answerExtras/views.js';

/**
 * What a page statement's skeleton selects from the questions row under `question` (its alias):
 * the answer and the ids its hydration joins on.
 */
export const skeletonColumns = (question: SQL) =>
  sql`${question}.id, ${question}.text, ${question}.answer, ${question}.is_anonymous, ${question}.sender_id, ${question}.receiver_id, ${question}.created_at, ${question}.answered_at, ${question}.like_count, ${question}.pinned_at,
    ${question}.content_warning, ${question}.picture_url, ${question}.picture_alt, ${question}.picture_width, ${question}.picture_height`;

/** A row of a hydrated page: the post, its receiver, its shown sender (or nulls), the viewer's like. */
export interface HydratedAnswerRow extends PictureColumns {
  id: string;
  text: string;
  answer: string | null;
  contentWarning: string | null;
  isAnonymous: boolean;
  /** timestamptz as text */
  createdAt: string;
  answeredAt: string | null;
  likeCount: number;
  /** replies shown to the viewer (decision 358) */
  replyCount: number;
  /** boosts from other servers (decision 303) */
  boostCount: number;
  receiverId: string;
  receiverUsername: string;
  receiverFullname: string;
  receiverPhotoUrl: string | null;
  receiverBadge: string;
  receiverPublicProfile: boolean;
  pinned: boolean;
  senderId: string | null;
  senderUsername: string | null;
  senderFullname: string | null;
  senderPhotoUrl: string | null;
  senderBadge: string | null;
  /** a remote asker shown beside the answer (see shownRemoteAskerJoin), or nulls */
  remoteHandle: string | null;
  remoteName: string | null;
  likedByViewer: boolean;
}

const viewer = sql.placeholder('viewerId');

/**
 * A page of posts and everything shown with them in ONE prepared statement (one round trip, no
 * query building per request): `skeleton` selects the page's `skeletonColumns` (LIMIT size + 1,
 * in index order), and the rows are joined with their receiver, the viewer's like and the sender.
 * The sender is joined only when the question is not anonymous, so an anonymous sender's id or
 * name never leaves the database; a named sender blocked either way with the viewer is left out
 * too (the post stays). A question from another server joins its asker on the public pages' terms.
 */
export function hydratedAnswerPage<Args extends Record<string, unknown>>(
  name: string,
  skeleton: SQL,
): Statement<HydratedAnswerRow, Args & { viewerId: string }> {
  return statement<HydratedAnswerRow, Args & { viewerId: string }>(
    name,
    sql`with page as (${skeleton})
        select p.id, p.text, p.answer, p.content_warning as "contentWarning", p.picture_url as "pictureUrl", p.picture_alt as "pictureAlt",
          p.picture_width as "pictureWidth", p.picture_height as "pictureHeight", p.is_anonymous as "isAnonymous", p.created_at as "createdAt", p.answered_at as "answeredAt",
          ${exactLikeCount(sql`p.id`, sql`p.like_count`)} as "likeCount", p.pinned_at is not null as "pinned",
          (select count(*)::int from remote_reactions rr where rr.question_id = p.id and rr.kind = 'announce') as "boostCount",
          ${shownReplyCount(viewer, sql`p`, sql`r`)} as "replyCount",
          r.id as "receiverId", r.username as "receiverUsername", r.fullname as "receiverFullname", r.photo_url as "receiverPhotoUrl",
          r.badge as "receiverBadge", r.public_profile as "receiverPublicProfile",
          s.id as "senderId", s.username as "senderUsername", s.fullname as "senderFullname", s.photo_url as "senderPhotoUrl",
          s.badge as "senderBadge", shown_rq.handle as "remoteHandle", shown_rq.name as "remoteName",
          exists (select 1 from likes l where l.question_id = p.id and l.user_id = ${viewer}) as "likedByViewer"
        from page p
        join users r on r.id = p.receiver_id
        left join users s on not p.is_anonymous and s.id = p.sender_id and (s.id = ${viewer} or ${visibleUser(viewer, sql`s.id`)})
        ${shownRemoteAskerJoin(sql`p`, viewer)}
        order by p.answered_at desc nulls last, p.id desc nulls last`,
  );
}

/** The cursor time of a hydrated row (for toPage). */
export const hydratedCursorTime = (row: HydratedAnswerRow) => row.answeredAt ?? row.createdAt;

/** A hydrated row as the API's Answer. */
export function answerFromRow(r: HydratedAnswerRow): Answer {
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
    contentWarning: r.contentWarning,
    picture: answerPicture(r),
    isAnonymous: r.isAnonymous,
    createdAt: isoFromPg(r.createdAt),
    answeredAt: isoFromPgOrNull(r.answeredAt),
    sender,
    remoteSender: !r.isAnonymous && r.remoteHandle ? { handle: r.remoteHandle, name: r.remoteName ?? '' } : null,
    receiver,
    publicProfile: Boolean(r.receiverPublicProfile),
    pinned: Boolean(r.pinned),
    likeCount: Number(r.likeCount),
    replyCount: Number(r.replyCount),
    boostCount: Number(r.boostCount),
    likedByViewer: Boolean(r.likedByViewer),
  };
}
