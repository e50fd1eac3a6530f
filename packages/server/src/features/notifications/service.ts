import { eq, sql } from 'drizzle-orm';
import { ACTIVITY_WINDOW_DAYS, activityWindowStart, type NotificationTab } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { newestFirst } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { users } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { inInbox, remoteActorNotBlocked, visibleAuthor, visibleUser } from '../visibility/index.js';

/** Enough for a week of activity on one screen; older items are outside the window anyway. */
const LIST_LIMIT = 100;

export interface ActivityRow {
  kind: 'follow' | 'like';
  at: Date;
  user_id: string;
  username: string;
  fullname: string;
  photo_url: string | null;
  badge: string;
  answer_id: string | null;
  answer: string | null;
  content_warning: string | null;
}

async function lastRead(db: DbOrTx, userId: string) {
  const [row] = await db.select({ activity: users.lastReadNotifications, answers: users.lastReadAnswers }).from(users).where(eq(users.id, userId));
  return row ?? { activity: new Date(), answers: new Date() };
}

/** Follows and likes of the viewer's answers by others, newest first, inside the window. */
export async function activityFor(db: DbOrTx, userId: string, now = new Date()) {
  const since = activityWindowStart(ACTIVITY_WINDOW_DAYS, now);
  const rows = await queryRows<ActivityRow>(
    db,
    sql`select * from (
          select 'follow' as kind, f.created_at as at, u.id as user_id, u.username, u.fullname, u.photo_url, u.badge, null as answer_id, null as answer, null as content_warning
          from follows f join users u on u.id = f.follower_id
          where f.followee_id = ${userId} and f.created_at >= ${since.toISOString()}::timestamptz and ${visibleUser(userId, sql`u.id`)}
          union all
          select 'like', l.created_at, u.id, u.username, u.fullname, u.photo_url, u.badge, q.id, q.answer, q.content_warning
          from likes l join questions q on q.id = l.question_id join users u on u.id = l.user_id
          where q.receiver_id = ${userId} and l.user_id <> ${userId} and l.created_at >= ${since.toISOString()}::timestamptz
            and ${visibleUser(userId, sql`u.id`)}
        ) activity
        order by at desc
        limit ${LIST_LIMIT}`,
  );
  const read = await lastRead(db, userId);
  return { rows: rows.map((r) => ({ ...r, at: new Date(r.at) })), lastRead: read.activity };
}

export interface AnswerRow {
  id: string;
  text: string;
  answer: string;
  content_warning: string | null;
  answered_at: Date;
  is_anonymous: boolean;
  receiver_id: string;
  username: string;
  fullname: string;
  photo_url: string | null;
  badge: string;
}

/** Answers to questions the viewer sent (anonymous ones included: the sender sees their own). */
export async function answersFor(db: DbOrTx, userId: string) {
  const rows = await queryRows<AnswerRow>(
    db,
    sql`select q.id, q.text, q.answer, q.content_warning, q.answered_at, q.is_anonymous, u.id as receiver_id, u.username, u.fullname, u.photo_url, u.badge
        from questions q join users u on u.id = q.receiver_id
        where q.sender_id = ${userId} and q.answered and q.receiver_id <> ${userId} and ${visibleAuthor(userId, sql`u.id`)}
        order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
        limit ${LIST_LIMIT}`,
  );
  const read = await lastRead(db, userId);
  return { rows: rows.map((r) => ({ ...r, answered_at: new Date(r.answered_at) })), lastRead: read.answers };
}

/** The nav badges, each one indexed count. */
export async function countersFor(db: DbOrTx, userId: string, now = new Date()) {
  const since = activityWindowStart(ACTIVITY_WINDOW_DAYS, now);
  const [row] = await queryRows<{ unanswered: number; activity: number; answers: number; pending_signups: number }>(
    db,
    sql`with me as (select last_read_notifications as lrn, last_read_answers as lra from users where id = ${userId})
        select
          -- the inbox list's own predicate (features/visibility): the badge can never disagree with the list
          (select count(*)::int from questions q where ${inInbox(userId, sql`q`)}) as unanswered,
          (select count(*)::int from follows f, me
             where f.followee_id = ${userId} and f.created_at > me.lrn and f.created_at >= ${since.toISOString()}::timestamptz
               and ${visibleUser(userId, sql`f.follower_id`)})
          + (select count(*)::int from likes l join questions q on q.id = l.question_id, me
             where q.receiver_id = ${userId} and l.user_id <> ${userId} and l.created_at > me.lrn
               and l.created_at >= ${since.toISOString()}::timestamptz and ${visibleUser(userId, sql`l.user_id`)})
          + (select count(*)::int from remote_reactions r join questions q on q.id = r.question_id
               join remote_actors a on a.uri = r.actor_uri, me
             where q.receiver_id = ${userId} and r.kind = 'like' and r.created_at > me.lrn
               and r.created_at >= ${since.toISOString()}::timestamptz and ${remoteActorNotBlocked(userId, sql`a.uri`, sql`a.domain`)}) as activity,
          (select count(*)::int from questions q, me
             where q.sender_id = ${userId} and q.answered and q.receiver_id <> ${userId} and q.answered_at > me.lra
               and ${visibleAuthor(userId, sql`q.receiver_id`)}) as answers,
          -- the team (who approve sign-ups, decision 280) is told how many wait; anyone else reads 0
          (select count(*)::int from pending_signups
             where exists (select 1 from users t where t.id = ${userId} and t.role in ('moderator', 'admin'))) as pending_signups`,
  );
  return {
    unansweredQuestions: row?.unanswered ?? 0,
    unreadActivity: row?.activity ?? 0,
    unreadAnswers: row?.answers ?? 0,
    pendingSignups: row?.pending_signups ?? 0,
  };
}

/** Stores now as the tab's last-read time (never moving it backwards); the user's other devices refresh their badges. */
export async function markRead(ctx: AppContext, userId: string, tab: NotificationTab): Promise<void> {
  const column = tab === 'activity' ? users.lastReadNotifications : users.lastReadAnswers;
  const set = tab === 'activity' ? { lastReadNotifications: sql`greatest(${column}, now())` } : { lastReadAnswers: sql`greatest(${column}, now())` };
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set(set).where(eq(users.id, userId));
    await events.emit(tx, ctx, { type: 'notificationsRead', userId });
  });
}
