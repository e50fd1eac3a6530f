import type { ActivityItem, AnswerNotification } from '@askbox/common';
import { userSummary } from '../users/views.js';
import type { ActivityRow, AnswerRow } from './service.js';

const summaryOf = (r: { username: string; fullname: string; photo_url: string | null; badge: string }, id: string) =>
  userSummary({ id, username: r.username, fullname: r.fullname, photoUrl: r.photo_url, badge: r.badge });

export function activityItem(row: ActivityRow, lastRead: Date): ActivityItem {
  return {
    id: `${row.kind}:${row.user_id}:${row.post_id ?? ''}`,
    type: row.kind,
    user: summaryOf(row, row.user_id),
    at: row.at.toISOString(),
    post: row.kind === 'like' && row.post_id ? { id: row.post_id, answer: row.answer ?? '' } : null,
    unread: row.at > lastRead,
  };
}

export function answerNotification(row: AnswerRow, lastRead: Date): AnswerNotification {
  return {
    id: row.id,
    question: row.text,
    answer: row.answer,
    answeredAt: row.answered_at.toISOString(),
    isAnonymous: row.is_anonymous,
    receiver: summaryOf(row, row.receiver_id),
    unread: row.answered_at > lastRead,
  };
}
