import type { ActivityGroup, ActivityGroupPerson, ActivityItem, AnswerNotification } from '@askbox/common';
import { isoFromPg } from '../../db/timestamps.js';
import type { ActivityGroupsPage, GroupRow } from './groups.js';
import { userSummary } from '../users/views.js';
import type { ActivityRow, AnswerRow } from './service.js';

const summaryOf = (r: { username: string; fullname: string; photo_url: string | null; badge: string }, id: string) =>
  userSummary({ id, username: r.username, fullname: r.fullname, photoUrl: r.photo_url, badge: r.badge });

export function activityItem(row: ActivityRow, lastRead: Date): ActivityItem {
  return {
    id: `${row.kind}:${row.user_id}:${row.answer_id ?? ''}`,
    type: row.kind,
    user: summaryOf(row, row.user_id),
    at: row.at.toISOString(),
    answer: row.kind === 'like' && row.answer_id ? { id: row.answer_id, answer: row.answer ?? '', contentWarning: row.content_warning } : null,
    unread: row.at > lastRead,
  };
}

export function answerNotification(row: AnswerRow, lastRead: Date): AnswerNotification {
  return {
    id: row.id,
    question: row.text,
    answer: row.answer,
    contentWarning: row.content_warning,
    answeredAt: row.answered_at.toISOString(),
    isAnonymous: row.is_anonymous,
    receiver: summaryOf(row, row.receiver_id),
    unread: row.answered_at > lastRead,
  };
}

/** A group row: its newest people (in order), the liked answer, unread when its newest event is. */
export function activityGroup(row: GroupRow, page: ActivityGroupsPage): ActivityGroup {
  const latestAt = isoFromPg(row.latest_at, 'us');
  const users = (row.kind === 'remoteLike' ? [] : row.actor_ids).flatMap((id) => {
    const person = page.people.get(id);
    return person ? [summaryOf(person, id)] : [];
  });
  // remote likers, and repliers from other servers (their actor URIs)
  const remoteUsers = row.actor_ids.flatMap((uri) => {
    const person = page.remotePeople.get(uri);
    return person ? [{ handle: person.handle, name: person.name }] : [];
  });
  return {
    id: row.id,
    type: row.kind,
    day: row.day,
    latestAt: isoFromPg(row.latest_at),
    count: row.count,
    users,
    remoteUsers,
    answer:
      row.kind === 'follow' ? null : { id: row.answer_id, ...(page.answers.get(row.answer_id) ?? { answer: '', contentWarning: null, ownerUsername: '' }) },
    unread: page.lastRead === null || latestAt > isoFromPg(page.lastRead, 'us'),
  };
}

export function activityGroupPerson(row: {
  id: string;
  username: string;
  fullname: string;
  photo_url: string | null;
  badge: string;
  at: string;
}): ActivityGroupPerson {
  return { user: summaryOf(row, row.id), at: isoFromPg(row.at) };
}
