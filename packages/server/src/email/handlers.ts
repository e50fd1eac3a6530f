import type { Channel } from '../events/channel.js';
import { isNewsToReceiver } from '../features/visibility/index.js';
import { queueAppealEmails, queueEmail, queueSetQuestionEmails, queueQuestionEmail } from './queue.js';

/**
 * What each domain event means for email: an outbox row in the event's transaction, holding ids
 * only (worker.ts writes the email when it sends it, never loading an anonymous sender).
 */
export const emailChannel: Channel = {
  async questionAsked(tx, { receiverId, senderId, questionId }) {
    // beside the push, under the same rule
    if (isNewsToReceiver({ receiverId, senderId })) await queueQuestionEmail(tx, { receiverId, questionId });
  },
  async globalQuestionSent(tx, { text, at }) {
    await queueSetQuestionEmails(tx, { to: 'everyone', text, at });
  },
  async followerQuestionSent(tx, { senderId, text, at }) {
    await queueSetQuestionEmails(tx, { to: 'followers', senderId, text, at });
  },
  async suspensionAppealed(tx, { appealId }) {
    await queueAppealEmails(tx, appealId);
  },
  async passwordResetRequested(tx, { email, locale }) {
    // only the address it was given: whether it has an account is the worker's question (decision 126)
    await queueEmail(tx, { userId: null, kind: 'password_reset', data: { email, ...(locale ? { locale } : {}) } });
  },
  async signupApproved(tx, { userId }) {
    await queueEmail(tx, { userId, kind: 'signup_approved', data: {} });
  },
  async signupRejected(tx, { email, username, locale }) {
    // the account is deleted in the same transaction: the row keeps what the email needs, and no more
    await queueEmail(tx, { userId: null, kind: 'signup_rejected', data: { email, username, ...(locale ? { locale } : {}) } });
  },
  async emailVerificationRequested(tx, { userId }) {
    await queueEmail(tx, { userId, kind: 'email_verification', data: {} });
  },
  async signedInFromNewDevice(tx, { userId, browser, os, at }, ctx) {
    if (ctx.config.signInEmails) await queueEmail(tx, { userId, kind: 'new_sign_in', data: { browser, os, at: at.toISOString() } });
  },
};
