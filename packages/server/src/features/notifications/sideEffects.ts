import crypto from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { catalogs, LOCALES, likeExcerpt, type PushData } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { pushNotifications, users } from '../../db/schema/index.js';
import { liveEventToUserSql, publishLive } from '../../realtime/bus.js';
import { run, runOne, statement } from '../../db/statements.js';
import { translatorFor, type ServerT } from '../../i18n/translator.js';
import { hasPushSubscription } from '../../push/subscriptions.js';
import { queueGlobalQuestionEmails, queueQuestionEmail } from '../../email/outbox.js';
import * as federationOutbox from '../../federation/outbox.js';

/** `likerId` liked the answer `questionId` (never one's own answer). */
export interface LikeEvent {
  likerId: string;
  questionId: string;
  at: Date;
}
/** `likerId` removed their like of `questionId`. */
export interface UnlikeEvent {
  likerId: string;
  questionId: string;
}
export interface LikeToggles {
  liked: LikeEvent[];
  unliked: UnlikeEvent[];
}

/**
 * Side effects of the social events, called by the one service function where each event
 * happens, inside its transaction (a like and an unlike have none, decision 184): the push
 * outbox row (only when the recipient has a subscription), the email outbox row (only when the
 * recipient chose emails), the live event (NOTIFY is delivered at commit) and the ActivityPub
 * delivery rows (federation/outbox.ts). The call sites never change.
 */
export interface SideEffects {
  /** `followerId` started following `followeeId` (not on unfollow). */
  followed(tx: DbOrTx, ctx: AppContext, event: { followerId: string; followeeId: string; at: Date }): Promise<void>;
  /** `followerId` stopped following `followeeId` (a follow push still waiting is cancelled). */
  unfollowed(tx: DbOrTx, ctx: AppContext, event: { followerId: string; followeeId: string }): Promise<void>;
  /**
   * A batch of likes was written (decision 200), after its statement (decision 184): each like
   * really added to someone else's answer gets its owner's live notice and, when they have a
   * device, a push; each like really removed cancels its push still waiting. One statement for
   * the whole batch.
   */
  likesToggled(tx: DbOrTx, ctx: AppContext, events: LikeToggles): Promise<void>;
  /** One like: `likesToggled` with it alone. */
  liked(tx: DbOrTx, ctx: AppContext, event: LikeEvent): Promise<void>;
  /** One unlike: `likesToggled` with it alone. */
  unliked(tx: DbOrTx, ctx: AppContext, event: UnlikeEvent): Promise<void>;
  /** A question was created for `receiverId` (one call per question; the global send has its own). */
  questionAsked(
    tx: DbOrTx,
    ctx: AppContext,
    event: { questionId: string; receiverId: string; senderId: string; isAnonymous: boolean; at: Date },
  ): Promise<void>;
  /** `receiverId` answered `questionId`: followers' feeds and the sender's Answers tab change. */
  answered(tx: DbOrTx, ctx: AppContext, event: { questionId: string; receiverId: string; senderId: string | null; at: Date }): Promise<void>;
  /** The admin's global question reached every user (`count` questions created in this transaction). */
  globalQuestionSent(tx: DbOrTx, ctx: AppContext, event: { text: string; count: number; at: Date }): Promise<void>;
  /** `receiverId` deleted their answer `questionId` (not called for unanswered questions). */
  answerDeleted(tx: DbOrTx, ctx: AppContext, event: { questionId: string; receiverId: string }): Promise<void>;
  /** `userId` changed what their profile shows (name, bio, website, pictures). */
  profileChanged(tx: DbOrTx, ctx: AppContext, event: { userId: string }): Promise<void>;
  /** `userId` turned 'Public profile' on or off. */
  publicProfileChanged(tx: DbOrTx, ctx: AppContext, event: { userId: string; isPublic: boolean }): Promise<void>;
  /** `userId` is deleting their account: called just before the user row goes, in the same transaction. */
  accountDeleting(tx: DbOrTx, ctx: AppContext, event: { userId: string }): Promise<void>;
}

async function userById(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: users.id, username: users.username, fullname: users.fullname }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Writes the spec §3 outbox row, only when the recipient has at least one device subscribed,
 * with the title and body in the recipient's language (decision 120).
 */
async function queuePush(tx: DbOrTx, userId: string, texts: (t: ServerT) => { title: string; body: string }, data: PushData): Promise<void> {
  if (!(await hasPushSubscription(tx, userId))) return;
  const [recipient] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  const { title, body } = texts(translatorFor(recipient?.locale));
  await tx.insert(pushNotifications).values({ id: crypto.randomUUID(), userId, title, body, data });
}

/** What a follow or like push needs about the people involved, read with the event's live notice in one statement. */
interface ToggleContext {
  recipientId: string;
  recipientLocale: string | null;
  recipientHasPush: boolean;
  actorUsername: string;
  actorFullname: string;
}

const actor = sql.placeholder('actorId');
const toggleContextColumns = (recipientIdExpr: SQL) => sql`
  recipient.id as "recipientId", recipient.locale as "recipientLocale",
  exists (select 1 from push_subscriptions s where s.user_id = recipient.id) as "recipientHasPush",
  actor.username as "actorUsername", actor.fullname as "actorFullname",
  ${liveEventToUserSql(recipientIdExpr, 'notification')} is not null as notified`;

/** The follower, the followee and the followee's live notice (hot: one round trip per follow). */
const followContext = statement<ToggleContext, { actorId: string; followeeId: string }>(
  'follow_side_effects',
  sql`select ${toggleContextColumns(sql`recipient.id`)}
      from users recipient join users actor on actor.id = ${actor}
      where recipient.id = ${sql.placeholder('followeeId')}`,
);

/**
 * A batch of likes and unlikes (decision 200), in one statement: for each like, the liker, the
 * answer's owner, the answer, and the owner's live notice; for each unlike, its push cancelled
 * while still waiting — only while the like row is still gone (see cancelFollowPushOf).
 */
const likeToggleEffects = statement<
  ToggleContext & { i: number; answer: string | null },
  { likerIds: string[]; likedIds: string[]; unlikeKeys: string[]; unlikerIds: string[]; unlikedIds: string[] }
>(
  'like_toggle_side_effects',
  sql`with cancelled as (
        delete from push_notifications p
        using unnest(${sql.placeholder('unlikeKeys')}::text[], ${sql.placeholder('unlikerIds')}::text[], ${sql.placeholder('unlikedIds')}::text[])
              as k(dedupe_key, user_id, question_id)
        where p.dedupe_key = k.dedupe_key and not p.sent and p.attempts = 0
          and not exists (select 1 from likes l where l.user_id = k.user_id and l.question_id = k.question_id)
        returning 1
      )
      select e.i::int as i, ${toggleContextColumns(sql`q.receiver_id`)}, q.answer
      from unnest(${sql.placeholder('likerIds')}::text[], ${sql.placeholder('likedIds')}::text[]) with ordinality as e(actor_id, question_id, i)
      join questions q on q.id = e.question_id join users recipient on recipient.id = q.receiver_id join users actor on actor.id = e.actor_id
      where q.receiver_id <> e.actor_id`,
);

type ToggleKind = 'follow' | 'like';
/** One follow or like (actor, target), and the key of the one push a day it may queue. */
type ToggleArgs = { dedupeKey: string; actorId: string; targetId: string };
const toggleArgs = (kind: ToggleKind, actorId: string, targetId: string): ToggleArgs => ({ dedupeKey: `${kind}:${actorId}:${targetId}`, actorId, targetId });

const dedupeKey = sql.placeholder('dedupeKey');
const target = sql.placeholder('targetId');
/** The follow or like row itself (decision 184). */
const toggleRow: Record<ToggleKind, SQL> = {
  follow: sql`select 1 from follows where follower_id = ${actor} and followee_id = ${target}`,
  like: sql`select 1 from likes where user_id = ${actor} and question_id = ${target}`,
};

type QueueArgs = ToggleArgs & { id: string; userId: string; title: string; body: string; data: string; graceSeconds: number };
const queueStatement = (kind: ToggleKind) =>
  statement<never, QueueArgs>(
    `${kind}_push_queue`,
    sql`insert into push_notifications (id, user_id, title, body, data, dedupe_key, next_attempt_at)
        select ${sql.placeholder('id')}, ${sql.placeholder('userId')}, ${sql.placeholder('title')}, ${sql.placeholder('body')},
               ${sql.placeholder('data')}::jsonb, ${dedupeKey}, now() + make_interval(secs => ${sql.placeholder('graceSeconds')})
        where exists (${toggleRow[kind]} for key share)
          and not exists (select 1 from push_notifications where dedupe_key = ${dedupeKey} and created_at > now() - interval '1 day')`,
  );
const queueToggle = { follow: queueStatement('follow'), like: queueStatement('like') };
// every unfollow runs it: a named statement, planned once (decision 186); unlikes cancel in their batch's statement
const cancelFollowPush = statement<never, ToggleArgs>(
  'follow_push_cancel',
  sql`delete from push_notifications where dedupe_key = ${dedupeKey} and not sent and attempts = 0 and not exists (${toggleRow.follow})`,
);

/**
 * Follow and like pushes against floods (decision 110): at most one per (actor, target, kind) a
 * day — a follow/unfollow or like/unlike loop queues one push, not one per click — and each waits
 * `graceSeconds` before the worker may send it, so one undone at once is cancelled unsent.
 * Called only when the recipient has a device subscribed (read with the event's context).
 *
 * The follow or like row itself is read FOR KEY SHARE (decision 184): a push is queued only while
 * the row exists, and an unfollow or unlike that deletes it waits for this transaction, so its
 * cancellation, a later statement, always sees the push it must drop.
 */
async function queueTogglePush(
  tx: DbOrTx,
  ctx: AppContext,
  kind: ToggleKind,
  actorId: string,
  targetId: string,
  recipient: { id: string; locale: string | null },
  texts: (t: ServerT) => { title: string; body: string },
  data: PushData,
) {
  const { title, body } = texts(translatorFor(recipient.locale));
  const toggle = toggleArgs(kind, actorId, targetId);
  await tx.transaction(async (t) => {
    // one actor's clicks on one target run one after the other, so two instances never both queue
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${toggle.dedupeKey}))`);
    await run(t, queueToggle[kind], {
      ...toggle,
      id: crypto.randomUUID(),
      userId: recipient.id,
      title,
      body,
      data: JSON.stringify(data),
      graceSeconds: ctx.config.push.graceSeconds,
    });
  });
}

/**
 * Undone within the grace period (or before any worker took it): the push is dropped unsent. Runs
 * after the follow or like row is deleted, as a statement of its own (decision 184) — and only
 * while the row is still gone: a click that followed or liked again in between queued its own
 * push (committed after its row, so a snapshot that sees the push sees the row), which must stay.
 * Unlikes cancel theirs the same way, in their batch's statement (likeToggleEffects).
 */
async function cancelFollowPushOf(tx: DbOrTx, followerId: string, followeeId: string): Promise<void> {
  await run(tx, cancelFollowPush, toggleArgs('follow', followerId, followeeId));
}

export const sideEffects: SideEffects = {
  async followed(tx, ctx, { followerId, followeeId, at }) {
    if (followerId === followeeId) return;
    // the live notice goes with this statement; the push only when the followee has a device
    const context = await runOne(tx, followContext, { actorId: followerId, followeeId });
    if (!context?.recipientHasPush) return;
    const texts = (t: ServerT) => ({
      title: t('pushTitleFollow'),
      body: t('pushBodyFollow', { fullname: context.actorFullname, username: context.actorUsername }),
    });
    await queueTogglePush(tx, ctx, 'follow', followerId, followeeId, { id: context.recipientId, locale: context.recipientLocale }, texts, {
      type: 'follow',
      followerId,
      followerUsername: context.actorUsername,
      timestamp: at.toISOString(),
    });
  },

  async unfollowed(tx, _ctx, { followerId, followeeId }) {
    await cancelFollowPushOf(tx, followerId, followeeId);
  },

  async unliked(tx, ctx, event) {
    await sideEffects.likesToggled(tx, ctx, { liked: [], unliked: [event] });
  },

  async liked(tx, ctx, event) {
    await sideEffects.likesToggled(tx, ctx, { liked: [event], unliked: [] });
  },

  async likesToggled(tx, ctx, { liked, unliked }) {
    if (liked.length === 0 && unliked.length === 0) return;
    // never for liking one's own answer (no row); the live notices go with this statement
    const contexts = await run(tx, likeToggleEffects, {
      likerIds: liked.map((e) => e.likerId),
      likedIds: liked.map((e) => e.questionId),
      unlikeKeys: unliked.map((e) => toggleArgs('like', e.likerId, e.questionId).dedupeKey),
      unlikerIds: unliked.map((e) => e.likerId),
      unlikedIds: unliked.map((e) => e.questionId),
    });
    for (const context of contexts) {
      if (!context.recipientHasPush) continue;
      const { likerId, questionId, at } = liked[Number(context.i) - 1]!;
      const texts = (t: ServerT) => ({
        title: t('pushTitleLike'),
        body: t('pushBodyLike', { fullname: context.actorFullname, answer: likeExcerpt(context.answer ?? '', (text) => t('punctuation.truncated', { text })) }),
      });
      await queueTogglePush(tx, ctx, 'like', likerId, questionId, { id: context.recipientId, locale: context.recipientLocale }, texts, {
        type: 'like',
        likerId,
        likerUsername: context.actorUsername,
        postId: questionId,
        timestamp: at.toISOString(),
      });
    }
  },

  async questionAsked(tx, _ctx, { questionId, receiverId, senderId, isAnonymous, at }) {
    const sender = isAnonymous ? null : await userById(tx, senderId);
    const texts = (t: ServerT) => ({
      title: t('pushTitleQuestion'),
      body: sender ? t('pushBodyQuestion', { fullname: sender.fullname, username: sender.username }) : t('pushBodyAnonymousQuestion'),
    });
    // asking oneself from one's own profile is not news worth a push
    if (receiverId !== senderId) {
      await queuePush(tx, receiverId, texts, {
        type: 'question',
        senderId: sender ? sender.id : null,
        senderUsername: sender ? sender.username : null,
        isAnonymous: !sender,
        timestamp: at.toISOString(),
      });
      // beside the push, under the same decisions; the worker writes it without ever loading an anonymous sender
      await queueQuestionEmail(tx, { receiverId, questionId });
    }
    await publishLive(tx, { to: { userId: receiverId }, type: 'question' });
  },

  async answered(tx, _ctx, { questionId, receiverId, senderId }) {
    // remote followers (ActivityPub) get the answer too; the sender is never part of it
    await federationOutbox.queueAnswerCreated(tx, receiverId, questionId);
    await publishLive(tx, { to: { followersOf: receiverId }, type: 'answer' });
    // the receiver's other devices: the inbox shrank and the profile grew
    await publishLive(tx, { to: { userId: receiverId }, type: 'question' });
    if (senderId && senderId !== receiverId) await publishLive(tx, { to: { userId: senderId }, type: 'notification' });
  },

  async globalQuestionSent(tx, _ctx, { text, at }) {
    // every recipient's title and body in their language, still one statement
    const pushTextsByLocale = LOCALES.map((locale) => sql`(${locale}, ${catalogs[locale].pushTitleQuestion}, ${catalogs[locale].pushBodyAnonymousQuestion})`);
    // one set-based insert: every user who received this global question (same text and time) and has a device
    const data = JSON.stringify({ type: 'question', senderId: null, senderUsername: null, isAnonymous: true, timestamp: at.toISOString() });
    await tx.execute(sql`
      insert into push_notifications (id, user_id, title, body, data)
      select gen_random_uuid()::text, u.id, texts.title, texts.body, ${data}::jsonb
      from users u
      join (values ${sql.join(pushTextsByLocale, sql`, `)}) as texts(locale, title, body) on texts.locale = coalesce(u.locale, 'en')
      where exists (select 1 from push_subscriptions s where s.user_id = u.id)
        and exists (select 1 from questions q where q.receiver_id = u.id and q.is_global and not q.answered and q.text = ${text}
                    and q.created_at = ${at.toISOString()}::timestamptz)`);
    await queueGlobalQuestionEmails(tx, { text, at });
    await publishLive(tx, { to: { everyone: true }, type: 'question' });
  },
  async answerDeleted(tx, _ctx, { questionId, receiverId }) {
    await federationOutbox.queueAnswerDeleted(tx, receiverId, questionId);
  },
  async profileChanged(tx, _ctx, { userId }) {
    await federationOutbox.queueProfileUpdated(tx, userId);
  },
  async publicProfileChanged(tx, _ctx, { userId, isPublic }) {
    // turning it on federates answers from now on (older ones stay readable in the outbox collection)
    if (!isPublic) await federationOutbox.queueEverythingDeleted(tx, userId);
  },
  async accountDeleting(tx, ctx, { userId }) {
    // a public profile's remote followers learn that the actor is gone (decision 131)
    if (ctx.config.federation.enabled) await federationOutbox.queueActorDeleted(tx, userId, ctx.config.publicUrl);
  },
};
