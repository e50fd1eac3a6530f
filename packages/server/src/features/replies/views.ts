import type { HiddenReply, Reply } from '@askbox/common';
import { isoFromPg } from '../../db/timestamps.js';
import { userSummary } from '../users/views.js';

/** A reply row with its author, as the service selects it. */
export interface ReplyRow {
  id: string;
  answerId: string;
  text: string;
  /** timestamptz as text */
  createdAt: string;
  hidden: boolean;
  hiddenReason: 'owner' | 'muted' | null;
  /** null for a reply from the fediverse (then `remoteHandle` names its author) */
  authorId: string | null;
  username: string | null;
  fullname: string | null;
  photoUrl: string | null;
  badge: string | null;
  remoteHandle: string | null;
  remoteName: string | null;
}

/** A reply as the viewer sees it, with what they may do to it. */
export function replyView(row: ReplyRow, viewerId: string, ownerId: string): Reply {
  const own = row.authorId !== null && row.authorId === viewerId;
  return {
    id: row.id,
    answerId: row.answerId,
    text: row.text,
    author:
      row.authorId !== null
        ? userSummary({ id: row.authorId, username: row.username ?? '', fullname: row.fullname ?? '', photoUrl: row.photoUrl, badge: row.badge ?? '' })
        : null,
    // their handle and name, never their picture (as remote askers are shown)
    remoteAuthor: row.authorId === null ? { handle: row.remoteHandle ?? '', name: row.remoteName ?? '' } : null,
    createdAt: isoFromPg(row.createdAt),
    // its author is never told their reply was hidden: to them it reads as any reply
    hidden: ownerId === viewerId && !own ? row.hidden : false,
    canDelete: own || ownerId === viewerId,
    canHide: ownerId === viewerId && !own,
  };
}

/** A reply of the owner's hidden-replies list. */
export function hiddenReplyView(row: ReplyRow & { answer: string | null }, ownerId: string): HiddenReply {
  return {
    ...replyView(row, ownerId, ownerId),
    hidden: true,
    reason: row.hiddenReason ?? 'owner',
    answer: { id: row.answerId, answer: row.answer ?? '' },
  };
}
