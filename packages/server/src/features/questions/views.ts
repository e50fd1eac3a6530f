import { sql, type SQL } from 'drizzle-orm';
import type { InboxQuestion } from '@askbox/common';
import { isoFromPg } from '../../db/timestamps.js';
import { userSummary } from '../users/views.js';

/**
 * A received question's row as the inbox and the Filtered folder read it: the named sender's card
 * (all null for an anonymous question, whose sender is never joined, and for a suspended one) and
 * the remote asker's (all null unless asked from another server).
 */
export interface ReceivedQuestionRow {
  id: string;
  text: string;
  isAnonymous: boolean;
  isGlobal: boolean;
  toFollowers: boolean;
  /** timestamptz as text */
  createdAt: string;
  senderId: string | null;
  senderUsername: string | null;
  senderFullname: string | null;
  senderPhotoUrl: string | null;
  senderBadge: string | null;
  remoteActorUri: string | null;
  remoteHandle: string | null;
  remoteName: string | null;
  remoteDomain: string | null;
  /** how the remote post was addressed (null for a local question) */
  remoteVisibility: 'public' | 'unlisted' | 'followers' | 'direct' | null;
}

/** What the receiver is shown of a received question, in the inbox and in the Filtered folder alike. */
export function receivedQuestionView(r: ReceivedQuestionRow): Omit<InboxQuestion, 'canBlockAsker'> {
  return {
    id: r.id,
    text: r.text,
    isAnonymous: r.isAnonymous,
    isGlobal: r.isGlobal,
    toFollowers: r.toFollowers,
    createdAt: isoFromPg(r.createdAt),
    sender:
      !r.isAnonymous && r.senderId
        ? userSummary({ id: r.senderId, username: r.senderUsername!, fullname: r.senderFullname!, photoUrl: r.senderPhotoUrl, badge: r.senderBadge! })
        : null,
    remoteSender: r.remoteActorUri
      ? {
          actorUri: r.remoteActorUri,
          handle: r.remoteHandle!,
          name: r.remoteName!,
          domain: r.remoteDomain!,
          privatePost: r.remoteVisibility === 'followers' || r.remoteVisibility === 'direct',
        }
      : null,
  };
}

/** The sender card's columns of ReceivedQuestionRow, from the users row under `sender` (left-joined: all null when not joined). */
export function senderCardColumns(sender: SQL): SQL {
  return sql`${sender}.id as "senderId", ${sender}.username as "senderUsername", ${sender}.fullname as "senderFullname",
    ${sender}.photo_url as "senderPhotoUrl", ${sender}.badge as "senderBadge"`;
}
