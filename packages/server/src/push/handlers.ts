import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PushData } from '@askbox/common';
import type { DbOrTx } from '../db/open.js';
import { pushNotifications, users } from '../db/schema/index.js';
import { run, runOne, statement } from '../db/statements.js';
import type { Channel } from '../events/channel.js';
import { isNewsToReceiver, replyRecipients, writtenBySend, type SetSend } from '../features/visibility/index.js';
import { queryRows } from '../db/sql.js';
import { hasPushSubscription } from './subscriptions.js';
import { cancelFollowPushOf, cancelRemoteLikePushOf, queueTogglePush, toggleArgs } from './toggles.js';

/**
 * Writes the spec's outbox row, only when the recipient has at least one device subscribed: who
 * gets it and the ids it is about. Its title and body are composed when it is sent, in the
 * recipient's language then (push/compose.ts, decision 367).
 */
async function queuePush(tx: DbOrTx, userId: string, data: PushData, questionId?: string): Promise<void> {
  if (!(await hasPushSubscription(tx, userId))) return;
  await tx.insert(pushNotifications).values({ id: crypto.randomUUID(), userId, data, questionId });
}

async function usernameOf(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** What a follow or like push needs to be queued: whether its recipient has a device, and the actor's username for its data. */
interface ToggleContext {
  recipientId: string;
  recipientHasPush: boolean;
  actorUsername: string;
}

const toggleContextColumns = sql`
  recipient.id as "recipientId",
  exists (select 1 from push_subscriptions s where s.user_id = recipient.id) as "recipientHasPush",
  actor.username as "actorUsername"`;

/** The follower and the followee (hot: one round trip per follow). */
const followContext = statement<ToggleContext, { actorId: string; followeeId: string }>(
  'follow_push_context',
  sql`select ${toggleContextColumns}
      from users recipient join users actor on actor.id = ${sql.placeholder('actorId')}
      where recipient.id = ${sql.placeholder('followeeId')}`,
);

/**
 * A batch of likes and unlikes (decision 200), in one statement: for each like by someone else,
 * the liker and the answer's owner; for each unlike, its push cancelled while still
 * waiting — only while the like row is still gone (see cancelFollowPushOf).
 */
const likeToggleContext = statement<
  ToggleContext & { i: number },
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
      select e.i::int as i, ${toggleContextColumns}
      from unnest(${sql.placeholder('likerIds')}::text[], ${sql.placeholder('likedIds')}::text[]) with ordinality as e(actor_id, question_id, i)
      join questions q on q.id = e.question_id join users recipient on recipient.id = q.receiver_id join users actor on actor.id = e.actor_id
      where q.receiver_id <> e.actor_id`,
);

/**
 * What each domain event means for Web Push: an outbox row in the event's transaction (push/worker.ts
 * composes and sends it), only for a recipient with a device.
 */
export const pushChannel: Channel = {
  async followed(tx, { followerId, followeeId, at }, ctx) {
    if (followerId === followeeId) return;
    const context = await runOne(tx, followContext, { actorId: followerId, followeeId });
    if (!context?.recipientHasPush) return;
    await queueTogglePush(tx, ctx.config.push.graceSeconds, 'follow', followerId, followeeId, context.recipientId, {
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
      await queueTogglePush(tx, ctx.config.push.graceSeconds, 'like', likerId, answerId, context.recipientId, {
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
    await queueTogglePush(tx, ctx.config.push.graceSeconds, 'remoteLike', actorUri, answerId, receiverId, {
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

  async questionAsked(tx, { questionId, receiverId, senderId, isAnonymous, at }) {
    if (!isNewsToReceiver({ receiverId, senderId })) return;
    // the sender of an anonymous question is never read; someone on another server is named when it is sent
    const sender = isAnonymous || !senderId ? null : await usernameOf(tx, senderId);
    await queuePush(
      tx,
      receiverId,
      {
        type: 'question',
        senderId: sender ? sender.id : null,
        senderUsername: sender ? sender.username : null,
        isAnonymous,
        timestamp: at.toISOString(),
      },
      questionId,
    );
  },

  async replied(tx, { replyId, answerId, authorId, hidden, at }) {
    // a reply hidden for a muted word tells no one (the owner finds it in their hidden replies)
    if (hidden) return;
    const recipients = await queryRows<{ user_id: string }>(tx, replyRecipients(replyId));
    if (recipients.length === 0) return;
    const [context] = await queryRows<{ username: string; owner_username: string }>(
      tx,
      // a replier from another server is named by their handle (decision 370)
      sql`select coalesce(a.username, ltrim(ra.handle, '@')) as username, o.username as owner_username
          from replies rp left join users a on a.id = rp.author_id left join remote_actors ra on ra.uri = rp.remote_actor_uri
          join questions q on q.id = rp.answer_id join users o on o.id = q.receiver_id
          where rp.id = ${replyId}`,
    );
    if (!context) return;
    // its words (the replier's name, the reply, 'your answer' or 'a thread you replied in') are composed when it is sent
    for (const recipient of recipients) {
      await queuePush(tx, recipient.user_id, {
        type: 'reply',
        replyId,
        replierId: authorId,
        replierUsername: context.username,
        postId: answerId,
        ownerUsername: context.owner_username,
        timestamp: at.toISOString(),
      });
    }
  },

  async globalQuestionSent(tx, { text, at }) {
    await queueSetPushes(
      tx,
      { to: 'everyone', text, at },
      { type: 'question', senderId: null, senderUsername: null, isAnonymous: true, timestamp: at.toISOString() },
    );
  },

  async followerQuestionSent(tx, { senderId, text, isAnonymous, at }) {
    // the sender of an anonymous question is never read
    const sender = isAnonymous ? null : await usernameOf(tx, senderId);
    await queueSetPushes(
      tx,
      { to: 'followers', senderId, text, at },
      { type: 'question', senderId: sender?.id ?? null, senderUsername: sender?.username ?? null, isAnonymous, timestamp: at.toISOString() },
    );
  },
};

/** One set-based insert: every receiver of a send to a set (its questions still unanswered) who has a device. */
async function queueSetPushes(tx: DbOrTx, sent: SetSend, data: PushData): Promise<void> {
  await tx.execute(sql`
    insert into push_notifications (id, user_id, data, question_id)
    select gen_random_uuid()::text, q.receiver_id, ${JSON.stringify(data)}::jsonb, q.id
    from questions q
    where ${writtenBySend(sql`q`, sent)}
      and exists (select 1 from push_subscriptions s where s.user_id = q.receiver_id)`);
}
