import type { Channel } from '../events/channel.js';
import * as federationOutbox from './outbox/deliveryRows.js';
import { queueRepliesOfProfileDeleted, queueRepliesUnderAnswerDeleted, queueReplyCreated, queueReplyChanged } from './outbox/replyDeliveries.js';
import { queueAccountMoved } from './moving/moveRows.js';

/**
 * What each domain event means for ActivityPub: delivery rows in the event's transaction
 * (outbox/deliveryRows.ts); outbox/worker.ts builds each activity as of when it sends it.
 */
export const federationChannel: Channel = {
  async answered(tx, { receiverId, answerId }) {
    // remote followers get the answer too; the sender is never part of it
    await federationOutbox.queueAnswerCreated(tx, receiverId, answerId);
  },
  async questionDeleted(tx, { receiverId, questionId, wasAnswered }) {
    // an unanswered question never left the server
    if (wasAnswered) await federationOutbox.queueAnswerDeleted(tx, receiverId, questionId);
    // the replies sent under it went with it
    if (wasAnswered) await queueRepliesUnderAnswerDeleted(tx, questionId);
  },
  async replied(tx, { replyId, hidden }) {
    // a reply hidden for a muted word stays here; one from another server is not sent back out
    if (!hidden) await queueReplyCreated(tx, replyId);
  },
  async replyChanged(tx, { replyId }) {
    await queueReplyChanged(tx, replyId);
  },
  async profileChanged(tx, { userId }) {
    await federationOutbox.queueProfileUpdated(tx, userId);
  },
  async publicProfileChanged(tx, { userId, isPublic }) {
    // turning it on federates answers from now on (older ones stay readable in the outbox collection)
    if (!isPublic) await federationOutbox.queueEverythingDeleted(tx, userId);
    if (!isPublic) await queueRepliesOfProfileDeleted(tx, userId);
  },
  async accountMoved(tx, { userId, targetUri }) {
    await queueAccountMoved(tx, userId, targetUri);
  },
  async accountDeleting(tx, { userId }, ctx) {
    // a public profile's remote followers learn that the actor is gone (decision 131)
    if (ctx.config.federation.enabled) await federationOutbox.queueActorDeleted(tx, userId, ctx.config.publicUrl);
  },
};
