import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type AnswerPicture } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { isoFromPg } from '../../db/timestamps.js';
import { queryRows } from '../../db/sql.js';
import { questions, users, type UserRow } from '../../db/schema/index.js';
import { notSuspended } from './people.js';
import type { ViewerRef } from './blocks.js';
import { remoteActorNotBlocked } from './remoteBlocks.js';
import { answerPicture, type PictureColumns } from '../answerExtras/views.js';

/**
 * What Askbox shows outside itself (share cards, the Atom feed, ActivityPub): only profiles whose
 * owner turned 'Public profile' on, and only their answers. One rule for all three readers.
 */

/** Whether `user` may be read outside Askbox right now. */
export function isPublicProfile(user: Pick<UserRow, 'publicProfile' | 'suspendedAt'>): boolean {
  // a suspended account stops federating until restored (moderation)
  return user.publicProfile && !user.suspendedAt;
}

/** The user behind `username` when their profile is public; null otherwise (unknown or private look the same). */
export async function publicUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, username.trim().toLowerCase()), eq(users.publicProfile, true), isNull(users.suspendedAt)))
    .limit(1);
  return user && isPublicProfile(user) ? user : null;
}

/** The user with `id` when their profile is public; null otherwise. */
export async function publicUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.publicProfile, true), isNull(users.suspendedAt)))
    .limit(1);
  return user && isPublicProfile(user) ? user : null;
}

/** An answer as read outside Askbox. */
export interface PublicAnswer {
  id: string;
  question: string;
  answer: string;
  /** the answer's content warning (decision 315), or null */
  contentWarning: string | null;
  /** the answer's picture with its alt text (decision 316), or null */
  picture: AnswerPicture | null;
  /**
   * The asker's username when the question was not anonymous AND the asker's own profile is
   * public; null otherwise (shown as 'Anonymous'). An anonymous sender is never even loaded.
   */
  askerUsername: string | null;
  answeredAt: string;
  createdAt: string;
  /**
   * A question asked from another server (decision 300): whom the answer replies to. Their
   * handle is `askerUsername` (user@host) only when their post was public (decision 301).
   */
  remote: RemoteAsker | null;
  /**
   * An answer to a followers-only or direct post that its author also published to their
   * followers (decision 332): a second, public Note that never names the asker.
   */
  publishToFollowers: boolean;
}

export interface RemoteAsker {
  actorUri: string;
  postUri: string;
  visibility: 'public' | 'unlisted' | 'followers' | 'direct';
}

/** As the database returns it: times as text, formatted in JS (db/timestamps.ts). */
type PublicAnswerRow = Omit<PublicAnswer, 'remote' | 'picture'> &
  PictureColumns & {
    remoteActorUri: string | null;
    remotePostUri: string | null;
    remoteVisibility: RemoteAsker['visibility'] | null;
  };

const publicAnswerColumns = sql`q.id, q.text as question, q.answer, q.content_warning as "contentWarning",
  q.picture_url as "pictureUrl", q.picture_alt as "pictureAlt", q.picture_width as "pictureWidth", q.picture_height as "pictureHeight",
  coalesce(s.username, case when rq.visibility = 'public' then ltrim(rq.handle, '@') end) as "askerUsername",
  q.answered_at as "answeredAt", q.created_at as "createdAt", q.publish_to_followers as "publishToFollowers",
  rq.actor_uri as "remoteActorUri", rq.post_uri as "remotePostUri", rq.visibility as "remoteVisibility"`;

// the sender is joined only for named questions, and only when their own profile is public and not suspended
const askerJoin = sql`left join users s on not q.is_anonymous and s.id = q.sender_id and s.public_profile and ${notSuspended(sql`s.id`)}
  left join remote_questions rq on rq.question_id = q.id`;

/**
 * Askbox's own feed and profiles (decision 331): the remote asker of the named question under
 * `question`, joined as `shown_rq`, on the public pages' terms (decision 301): only when their post
 * was public, and not for a viewer who blocked that account or its whole server (as a blocked
 * local asker is left out). An anonymous question never joins it.
 */
export function shownRemoteAskerJoin(question: SQL, viewerId: ViewerRef): SQL {
  return sql`left join remote_questions shown_rq on not ${question}.is_anonymous and shown_rq.question_id = ${question}.id
    and shown_rq.visibility = 'public'
    and ${remoteActorNotBlocked(viewerId, sql`shown_rq.actor_uri`, sql`shown_rq.domain`)}`;
}

/** A followers-only or direct post from another server asked the question under `question` (its answer goes to the asker alone, decision 301). */
const fromPrivateRemotePost = (question: SQL) =>
  sql`exists (select 1 from remote_questions prq where prq.question_id = ${question}.id and prq.visibility in ('followers', 'direct'))`;

/** Whether the question `questionId` came from a followers-only or direct fediverse post (decision 332). */
export async function isFromPrivateRemotePost(db: DbOrTx, questionId: string): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(db, sql`select ${fromPrivateRemotePost(sql`q`)} as yes from questions q where q.id = ${questionId}`);
  return row?.yes === true;
}

/**
 * The answer to `question` has a public copy on the fediverse (decision 332): its post was
 * followers-only or direct, and its author also published it to their followers.
 */
export const hasPublicCopySql = (question: SQL) => sql`(${question}.publish_to_followers and ${fromPrivateRemotePost(question)})`;

/**
 * Answers that went to everyone on the fediverse: all but those to followers-only or direct posts
 * their author did not publish to their followers (those went to the asker alone). The outbox
 * collection lists these, as Mastodon's lists only public posts.
 */
const addressedToEveryone = (question: SQL) => sql`(${question}.publish_to_followers or not ${fromPrivateRemotePost(question)})`;

/**
 * A public profile's answers, newest first, `PAGE_SIZE` a page (keyset on the receiver index);
 * `addressedToEveryone`: only those that went to everyone on the fediverse (the outbox collection).
 */
export async function publicAnswersPage(
  db: DbOrTx,
  userId: string,
  rawCursor?: string | null,
  options: { addressedToEveryone?: boolean } = {},
): Promise<{ items: PublicAnswer[]; nextCursor: string | null }> {
  const cursor = decodeCursor(rawCursor ?? undefined);
  const rows = await queryRows<PublicAnswerRow>(
    db,
    sql`select ${publicAnswerColumns}
        from questions q ${askerJoin}
        where q.receiver_id = ${userId} and q.answered
          and ${options.addressedToEveryone ? addressedToEveryone(sql`q`) : sql`true`}
          and ${beforeCursor(sql`q.answered_at`, sql`q.id`, cursor)}
        order by ${newestFirst(sql`q.answered_at`, sql`q.id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (r) => r.answeredAt);
  return { items: page.rows.map(formatted), nextCursor: page.nextCursor };
}

/** One answer of a public profile, or null (unknown, unanswered or someone else's). */
export async function publicAnswer(db: DbOrTx, userId: string, questionId: string): Promise<PublicAnswer | null> {
  const [row] = await queryRows<PublicAnswerRow>(
    db,
    sql`select ${publicAnswerColumns}
        from questions q ${askerJoin}
        where q.id = ${questionId} and q.receiver_id = ${userId} and q.answered`,
  );
  return row ? formatted(row) : null;
}

/** How many answers a profile has (the share card); `addressedToEveryone`: as publicAnswersPage (the outbox's totalItems). */
export async function answerCount(db: DbOrTx, userId: string, options: { addressedToEveryone?: boolean } = {}): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from questions q
        where q.receiver_id = ${userId} and q.answered and ${options.addressedToEveryone ? addressedToEveryone(sql`q`) : sql`true`}`,
  );
  return Number(row?.n ?? 0);
}

function formatted({
  remoteActorUri,
  remotePostUri,
  remoteVisibility,
  pictureUrl,
  pictureAlt,
  pictureWidth,
  pictureHeight,
  ...row
}: PublicAnswerRow): PublicAnswer {
  const remote =
    remoteActorUri && remotePostUri && remoteVisibility ? { actorUri: remoteActorUri, postUri: remotePostUri, visibility: remoteVisibility } : null;
  const picture = answerPicture({ pictureUrl, pictureAlt, pictureWidth, pictureHeight });
  return { ...row, answeredAt: isoFromPg(row.answeredAt), createdAt: isoFromPg(row.createdAt), remote, picture };
}

/** An answer by its id alone (ActivityPub Note URIs carry no username), with its public owner; null otherwise. */
export async function publicAnswerWithOwner(db: DbOrTx, questionId: string): Promise<{ user: UserRow; answer: PublicAnswer } | null> {
  const [row] = await db.select({ receiverId: questions.receiverId }).from(questions).where(eq(questions.id, questionId)).limit(1);
  const user = row ? await publicUserById(db, row.receiverId) : null;
  const answer = user ? await publicAnswer(db, user.id, questionId) : null;
  return user && answer ? { user, answer } : null;
}
