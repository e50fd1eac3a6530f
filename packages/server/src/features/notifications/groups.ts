import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_WINDOW_DAYS, activityWindowStart } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { queryRows } from '../../db/sql.js';
import { remoteActorNotBlocked, repliesToldTo, visibleUser } from '../visibility/index.js';

/** Groups per page; a week of activity rarely fills two. */
export const GROUP_PAGE_SIZE = 20;
/** People shown in a group's row ('Chloé and 9 others'); the rest open on demand. */
export const GROUP_FACES = 3;
const PEOPLE_PAGE_SIZE = 20;

/**
 * The viewer's follows and likes received, inside the activity window, blocks in either direction
 * left out; likes from other servers (`remoteLike`, the actor's URI as `actor_id`) too, unless the
 * viewer blocked the account or its server; and the replies they are told of (`reply` under their
 * answers, `threadReply` in threads they replied in: features/visibility's `repliesToldTo`).
 */
function activityEvents(viewerId: string, since: Date): SQL {
  const from = since.toISOString();
  return sql`select 'follow'::text as kind, ''::text as answer_id, f.created_at as at, f.follower_id as actor_id
      from follows f
      where f.followee_id = ${viewerId} and f.created_at >= ${from}::timestamptz and ${visibleUser(viewerId, sql`f.follower_id`)}
    union all
    select 'like', l.question_id, l.created_at, l.user_id
      from likes l join questions q on q.id = l.question_id
      where q.receiver_id = ${viewerId} and l.user_id <> ${viewerId} and l.created_at >= ${from}::timestamptz
        and ${visibleUser(viewerId, sql`l.user_id`)}
    union all
    select 'remoteLike', r.question_id, r.created_at, r.actor_uri
      from remote_reactions r join questions q on q.id = r.question_id join remote_actors a on a.uri = r.actor_uri
      where q.receiver_id = ${viewerId} and r.kind = 'like' and r.created_at >= ${from}::timestamptz
        and ${remoteActorNotBlocked(viewerId, sql`a.uri`, sql`a.domain`)}
    union all
    select t.kind, t.answer_id, t.at, t.author_id from (${repliesToldTo(viewerId)}) t where t.at >= ${from}::timestamptz`;
}

export interface GroupRow {
  id: string;
  kind: 'follow' | 'like' | 'remoteLike' | 'reply' | 'threadReply';
  answer_id: string;
  day: string;
  latest_at: string;
  count: number;
  actor_ids: string[];
}

/** Someone on another server, as shown: their handle and name, never their picture. */
export interface RemotePersonRow {
  uri: string;
  handle: string;
  name: string;
}

interface PersonRow {
  id: string;
  username: string;
  fullname: string;
  photo_url: string | null;
  badge: string;
}

/**
 * One page of the grouped Activity tab, newest group first. The window bounds the work (a week of
 * one user's follows and likes); each group carries its newest few people, hydrated in one query.
 */
export async function activityGroupsFor(db: DbOrTx, viewerId: string, rawCursor: string | undefined, now = new Date()) {
  const cursor = decodeCursor(rawCursor);
  const since = activityWindowStart(ACTIVITY_WINDOW_DAYS, now);
  const rows = await queryRows<GroupRow>(
    db,
    sql`with keyed as (
          select e.*, e.kind || ':' || e.answer_id || ':' || to_char(e.at at time zone 'UTC', 'YYYY-MM-DD') as group_id
          from (${activityEvents(viewerId, since)}) e
        ), ranked as (
          select k.*, row_number() over (partition by k.group_id order by k.at desc, k.actor_id desc) as rank from keyed k
        )
        select group_id as id, min(kind) as kind, min(answer_id) as answer_id, min(to_char(at at time zone 'UTC', 'YYYY-MM-DD')) as day,
               max(at) as latest_at, count(*)::int as count,
               array_agg(actor_id order by at desc, actor_id desc) filter (where rank <= ${GROUP_FACES}) as actor_ids
        from ranked
        group by group_id
        having ${beforeCursor(sql`max(at)`, sql`group_id`, cursor)}
        order by ${newestFirst(sql`max(at)`, sql`group_id`)}
        limit ${GROUP_PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, GROUP_PAGE_SIZE, (r) => r.latest_at);
  const actorIds = [...new Set(page.rows.filter((r) => r.kind !== 'remoteLike').flatMap((r) => r.actor_ids))];
  // a reply's author may be on another server (decision 370): its actor's URI, found among remote people
  const remoteIds = [...new Set(page.rows.filter((r) => r.kind !== 'follow' && r.kind !== 'like').flatMap((r) => r.actor_ids))];
  const answerIds = [...new Set(page.rows.map((r) => r.answer_id).filter(Boolean))];
  const [people, remotePeople, likedAnswers, read] = await Promise.all([
    actorIds.length === 0
      ? []
      : queryRows<PersonRow>(
          db,
          sql`select id, username, fullname, photo_url, badge from users where id in (${sql.join(
            actorIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
    remoteIds.length === 0
      ? []
      : queryRows<RemotePersonRow>(
          db,
          sql`select uri, handle, name from remote_actors where uri in (${sql.join(
            remoteIds.map((uri) => sql`${uri}`),
            sql`, `,
          )})`,
        ),
    answerIds.length === 0
      ? []
      : queryRows<{ id: string; answer: string | null; content_warning: string | null; owner_username: string }>(
          db,
          sql`select q.id, q.answer, q.content_warning, o.username as owner_username from questions q join users o on o.id = q.receiver_id where q.id in (${sql.join(
            answerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
    queryRows<{ last_read: string }>(db, sql`select last_read_notifications as last_read from users where id = ${viewerId}`),
  ]);
  return {
    rows: page.rows,
    nextCursor: page.nextCursor,
    people: new Map(people.map((p) => [p.id, p])),
    remotePeople: new Map(remotePeople.map((p) => [p.uri, p])),
    answers: new Map(likedAnswers.map((p) => [p.id, { answer: p.answer ?? '', contentWarning: p.content_warning, ownerUsername: p.owner_username }])),
    lastRead: read[0]?.last_read ?? null,
  };
}

export type ActivityGroupsPage = Awaited<ReturnType<typeof activityGroupsFor>>;

/** Everyone in one group, newest first, keyset-paged by (time, user id). */
export async function activityGroupPeople(db: DbOrTx, viewerId: string, groupId: string, rawCursor: string | undefined, now = new Date()) {
  const cursor = decodeCursor(rawCursor);
  const [kind, answerId, day] = groupId.split(':') as ['like' | 'follow' | 'reply' | 'threadReply', string, string];
  const since = activityWindowStart(ACTIVITY_WINDOW_DAYS, now);
  const dayStart = `${day}T00:00:00Z`;
  const rows = await queryRows<PersonRow & { at: string }>(
    db,
    sql`select u.id, u.username, u.fullname, u.photo_url, u.badge, e.at
        from (${activityEvents(viewerId, since)}) e join users u on u.id = e.actor_id
        where e.kind = ${kind} and e.answer_id = ${kind === 'follow' ? '' : answerId}
          and e.at >= ${dayStart}::timestamptz and e.at < ${dayStart}::timestamptz + interval '1 day'
          and ${beforeCursor(sql`e.at`, sql`u.id`, cursor)}
        order by ${newestFirst(sql`e.at`, sql`u.id`)}
        limit ${PEOPLE_PAGE_SIZE + 1}`,
  );
  return toPage(rows, PEOPLE_PAGE_SIZE, (r) => r.at);
}
