import { sql } from 'drizzle-orm';
import { queryRows } from '../db/sql.js';
import { run, statement } from '../db/statements.js';
import { writtenBySend } from '../features/visibility/index.js';
import type { Channel } from '../events/channel.js';
import { liveEventToUserSql, publishLive } from './bus.js';

/**
 * The live notices of a batch of likes: each answer's owner, for a like by someone else, in one
 * statement (likes of one's own answer are not news).
 */
const likeNotices = statement<never, { likerIds: string[]; answerIds: string[] }>(
  'like_live_notices',
  sql`select ${liveEventToUserSql(sql`q.receiver_id`, 'notification')}
      from unnest(${sql.placeholder('likerIds')}::text[], ${sql.placeholder('answerIds')}::text[]) as e(actor_id, question_id)
      join questions q on q.id = e.question_id join users recipient on recipient.id = q.receiver_id join users actor on actor.id = e.actor_id
      where q.receiver_id <> e.actor_id`,
);

/**
 * What each domain event means for the open live streams (GET /api/events). NOTIFY is delivered at
 * commit and dropped on rollback, on every instance.
 */
export const liveChannel: Channel = {
  async questionAsked(tx, { receiverId }) {
    await publishLive(tx, { to: { userId: receiverId }, type: 'question' });
  },
  async globalQuestionSent(tx) {
    await publishLive(tx, { to: { everyone: true }, type: 'question' });
  },
  async followerQuestionSent(tx, { senderId, text, at }) {
    // each follower it reached, in one statement
    await queryRows(
      tx,
      sql`select ${liveEventToUserSql(sql`q.receiver_id`, 'question')} from questions q where ${writtenBySend(sql`q`, { to: 'followers', senderId, text, at })}`,
    );
  },
  async answered(tx, { receiverId, senderId }) {
    await publishLive(tx, { to: { followersOf: receiverId }, type: 'answer' });
    // the receiver's other devices: the inbox shrank and the profile grew
    await publishLive(tx, { to: { userId: receiverId }, type: 'question' });
    if (senderId && senderId !== receiverId) await publishLive(tx, { to: { userId: senderId }, type: 'notification' });
  },
  async questionDeleted(tx, { receiverId, by }) {
    // the receiver's inbox or profile, and their followers' feeds, lose what a moderator removed
    if (by === 'moderator') await publishLive(tx, { to: { userId: receiverId }, type: 'question' });
  },
  async likesToggled(tx, { liked }) {
    if (liked.length === 0) return;
    await run(tx, likeNotices, { likerIds: liked.map((e) => e.likerId), answerIds: liked.map((e) => e.answerId) });
  },
  async followed(tx, { followerId, followeeId }) {
    if (followerId !== followeeId) await publishLive(tx, { to: { userId: followeeId }, type: 'notification' });
  },
  async accountSuspended(tx, { userId }) {
    // followers' feeds lose the answers: their 'New answers' count and profiles refresh
    await publishLive(tx, { to: { followersOf: userId }, type: 'answer' });
  },
  async accountRestored(tx, { userId }) {
    await publishLive(tx, { to: { followersOf: userId }, type: 'answer' });
  },
  async sessionsEnded(tx, { sessionIds, reason }) {
    // a suspension is said before the streams end, so an open app can tell why it signed out
    for (const sessionId of sessionIds) await publishLive(tx, { to: { sessionId }, type: reason === 'suspended' ? 'suspended' : 'logout' });
  },
  async settingsChanged(tx, { userId }) {
    // a language or theme chosen on one device reaches the others at once
    await publishLive(tx, { to: { userId }, type: 'settings' });
  },
  async allSessionsEnded(tx, { userId }) {
    await publishLive(tx, { to: { userId }, type: 'logout' });
  },
  async notificationsRead(tx, { userId }) {
    await publishLive(tx, { to: { userId }, type: 'counters' });
  },
  async reportsChanged(tx) {
    await publishLive(tx, { to: { admins: true }, type: 'reports' });
  },
  async suspensionAppealed(tx) {
    await publishLive(tx, { to: { admins: true }, type: 'reports' });
  },
};
