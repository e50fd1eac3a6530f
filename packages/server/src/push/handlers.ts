import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { catalogs, LOCALES, likeExcerpt, type PushData } from '@askbox/common';
import { answerGlimpseLine } from '../features/answerExtras/views.js';
import type { DbOrTx } from '../db/open.js';
import { pushNotifications, users } from '../db/schema/index.js';
import { run, runOne, statement } from '../db/statements.js';
import type { Channel } from '../events/channel.js';
import { isNewsToReceiver, replyRecipients, writtenByGlobalQuestion } from '../features/visibility/index.js';
import { queryRows } from '../db/sql.js';
import { translatorFor, type ServerT } from '../i18n/translator.js';
import { hasPushSubscription } from './subscriptions.js';
import { cancelFollowPushOf, cancelRemoteLikePushOf, queueTogglePush, toggleArgs } from './toggles.js';

/**
 * Writes the spec's outbox row, only when the recipient has at least one device subscribed,
 * with the title and body in the recipient's language (decision 120).
 */
async function queuePush(tx: DbOrTx, userId: string, texts: (t: ServerT) => { title: string; body: string }, data: PushData): Promise<void> {
  if (!(await hasPushSubscription(tx, userId))) return;
  const [recipient] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  const { title, body } = texts(translatorFor(recipient?.locale));
  await tx.insert(pushNotifications).values({ id: crypto.randomUUID(), userId, title, body, data });
}

async function userById(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: users.id, username: users.username, fullname: users.fullname }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** What a follow or like push needs about the people involved. */
interface ToggleContext {
  recipientId: string;
  recipientLocale: string | null;
  recipientHasPush: boolean;
  actorUsername: string;
  actorFullname: string;
}

const toggleContextColumns = sql`
  recipient.id as "recipientId", recipient.locale as "recipientLocale",
  exists (select 1 from push_subscriptions s where s.user_id = recipient.id) as "recipientHasPush",
  actor.username as "actorUsername", actor.fullname as "actorFullname"`;

/** The follower and the followee (hot: one round trip per follow). */
const followContext = statement<ToggleContext, { actorId: string; followeeId: string }>(
  'follow_push_context',
  sql`select ${toggleContextColumns}
      from users recipient join users actor on actor.id = ${sql.placeholder('actorId')}
      where recipient.id = ${sql.placeholder('followeeId')}`,
);

/**
 * A batch of likes and unlikes (decision 200), in one statement: for each like by someone else,
 * the liker, the answer's owner and the answer; for each unlike, its push cancelled while still
 * waiting — only while the like row is still gone (see cancelFollowPushOf).
 */
const likeToggleContext = statement<
  ToggleContext & { i: number; answer: string | null; contentWarning: string | null },
  { likerIds: string[]; likedIds: string[]; unlikeKeys: string[]; unlikerIds: string[]; unlikedIds: string[] }
>(
  'like_push_context',
  sql`with cancelled as (
        delete from push_notifications p
        using unnest(${sql.placeholder('unlikeKeys')}::text[], ${sql.placeholder('unlikerIds')}::text[], ${sql.placeholder('unlikedIds')}::text[])
              as k(dedupe_key, user_id, question_id)
        where p.dedupe_key = k.dedupe_key and not p.sent and p.attempts = 0
          and not exists (select 1 from likes l where l.user_id = k.user_id and l.question_id = k.question_id)
        returning 1
      )
      select e.i::int as i, ${toggleContextColumns}, q.answer, q.content_warning as "contentWarning"
      from unnest(${sql.placeholder('likerIds')}::text[], ${sql.placeholder('likedIds')}::text[]) with ordinality as e(actor_id, question_id, i)
      join questions q on q.id = e.question_id join users recipient on recipient.id = q.receiver_id join users actor on actor.id = e.actor_id
      where q.receiver_id <> e.actor_id`,
);

/**
 * What each domain event means for Web Push: an outbox row in the event's transaction (push/worker.ts
 * sends it), only for a recipient with a device, in their language.
 */
export const pushChannel: Channel = {
  async followed(tx, { followerId, followeeId, at }, ctx) {
    if (followerId === followeeId) return;
    const context = await runOne(tx, followContext, { actorId: followerId, followeeId });
    if (!context?.recipientHasPush) return;
    const texts = (t: ServerT) => ({
      title: t('pushTitleFollow'),
      body: t('pushBodyFollow', { fullname: context.actorFullname, username: context.actorUsername }),
    });
    const recipient = { id: context.recipientId, locale: context.recipientLocale };
    await queueTogglePush(tx, ctx.config.push.graceSeconds, 'follow', followerId, followeeId, recipient, texts, {
      type: 'follow',
      followerId,
      followerUsername: context.actorUsername,
      timestamp: at.toISOString(),
    });
  },

  async unfollowed(tx, { followerId, followeeId }) {
    await cancelFollowPushOf(tx, followerId, followeeId);
  },

  async likesToggled(tx, { liked, unliked }, ctx) {
    if (liked.length === 0 && unliked.length === 0) return;
    // never for liking one's own answer (no row)
    const contexts = await run(tx, likeToggleContext, {
      likerIds: liked.map((e) => e.likerId),
      likedIds: liked.map((e) => e.answerId),
      unlikeKeys: unliked.map((e) => toggleArgs('like', e.likerId, e.answerId).dedupeKey),
      unlikerIds: unliked.map((e) => e.likerId),
      unlikedIds: unliked.map((e) => e.answerId),
    });
    for (const context of contexts) {
      if (!context.recipientHasPush) continue;
      const { likerId, answerId, at } = liked[Number(context.i) - 1]!;
      const texts = (t: ServerT) => ({
        title: t('pushTitleLike'),
        body: t('pushBodyLike', {
          fullname: context.actorFullname,
          answer: answerGlimpseLine(t, context.answer ?? '', context.contentWarning, (text) =>
            likeExcerpt(text, (cut) => t('punctuation.truncated', { text: cut })),
          ),
        }),
      });
      const recipient = { id: context.recipientId, locale: context.recipientLocale };
      await queueTogglePush(tx, ctx.config.push.graceSeconds, 'like', likerId, answerId, recipient, texts, {
        type: 'like',
        likerId,
        likerUsername: context.actorUsername,
        postId: answerId,
        timestamp: at.toISOString(),
      });
    }
  },

  async remoteLiked(tx, { answerId, receiverId, actorUri, handle, at }, ctx) {
    // a like from another server: named by its handle, linked to the answer; against floods as a
    // like here is (decision 347): a grace period, and one a day per account and answer
    if (!(await hasPushSubscription(tx, receiverId))) return;
    const [recipient] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, receiverId));
    const texts = (t: ServerT) => ({ title: t('pushTitleLike'), body: t('pushBodyRemoteLike', { handle }) });
    await queueTogglePush(tx, ctx.config.push.graceSeconds, 'remoteLike', actorUri, answerId, { id: receiverId, locale: recipient?.locale ?? null }, texts, {
      type: 'like',
      likerId: '',
      likerUsername: handle.replace(/^@/, ''),
      postId: answerId,
      timestamp: at.toISOString(),
    });
  },

  async remoteUnliked(tx, { answerId, actorUri }) {
    await cancelRemoteLikePushOf(tx, actorUri, answerId);
  },

  async questionAsked(tx, { receiverId, senderId, isAnonymous, remoteAsker, at }) {
    if (!isNewsToReceiver({ receiverId, senderId })) return;
    const sender = isAnonymous || !senderId ? null : await userById(tx, senderId);
    // someone on another server: named by their handle (user@host), with no account here to link to
    const named = sender ?? (remoteAsker ? { fullname: remoteAsker.name || remoteAsker.handle, username: remoteAsker.handle.replace(/^@/, '') } : null);
    const texts = (t: ServerT) => ({
      title: t('pushTitleQuestion'),
      body: named ? t('pushBodyQuestion', { fullname: named.fullname, username: named.username }) : t('pushBodyAnonymousQuestion'),
    });
    await queuePush(tx, receiverId, texts, {
      type: 'question',
      senderId: sender ? sender.id : null,
      senderUsername: sender ? sender.username : null,
      isAnonymous,
      timestamp: at.toISOString(),
    });
  },

  async replied(tx, { replyId, answerId, authorId, hidden, at }) {
    // a reply hidden for a muted word tells no one (the owner finds it in their hidden replies)
    if (hidden) return;
    const recipients = await queryRows<{ user_id: string; kind: 'reply' | 'threadReply' }>(tx, replyRecipients(replyId));
    if (recipients.length === 0) return;
    const [context] = await queryRows<{ username: string; fullname: string; text: string; owner_username: string }>(
      tx,
      sql`select a.username, a.fullname, rp.text, o.username as owner_username
          from replies rp join users a on a.id = rp.author_id join questions q on q.id = rp.answer_id join users o on o.id = q.receiver_id
          where rp.id = ${replyId}`,
    );
    if (!context) return;
    for (const recipient of recipients) {
      const texts = (t: ServerT) => ({
        title: t('pushTitleReply'),
        body: t(recipient.kind === 'reply' ? 'pushBodyReply' : 'pushBodyThreadReply', {
          fullname: context.fullname,
          reply: likeExcerpt(context.text, (cut) => t('punctuation.truncated', { text: cut })),
        }),
      });
      await queuePush(tx, recipient.user_id, texts, {
        type: 'reply',
        replierId: authorId,
        replierUsername: context.username,
        postId: answerId,
        ownerUsername: context.owner_username,
        timestamp: at.toISOString(),
      });
    }
  },

  async globalQuestionSent(tx, { text, at }) {
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
        and exists (select 1 from questions q where q.receiver_id = u.id and ${writtenByGlobalQuestion(sql`q`, { text, at })})`);
  },
};
