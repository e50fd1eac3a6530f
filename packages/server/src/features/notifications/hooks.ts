import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';

/**
 * Side effects of the social events, called by the one service function where each event
 * happens, inside its transaction: the push outbox row (only when the recipient has a
 * subscription) and the live event (NOTIFY is delivered at commit). The notifications
 * feature fills these in; the call sites never change.
 */
export interface SideEffects {
  /** `followerId` started following `followeeId` (not on unfollow). */
  followed(tx: DbOrTx, ctx: AppContext, event: { followerId: string; followeeId: string; at: Date }): Promise<void>;
  /** `likerId` liked the answer `questionId` (never called for liking one's own answer). */
  liked(tx: DbOrTx, ctx: AppContext, event: { likerId: string; questionId: string; at: Date }): Promise<void>;
  /** A question was created for `receiverId` (one call per question; the global send has its own). */
  questionAsked(tx: DbOrTx, ctx: AppContext, event: { questionId: string; receiverId: string; senderId: string; isAnonymous: boolean; at: Date }): Promise<void>;
  /** `receiverId` answered `questionId`: followers' feeds and the sender's Answers tab change. */
  answered(tx: DbOrTx, ctx: AppContext, event: { questionId: string; receiverId: string; senderId: string | null; at: Date }): Promise<void>;
  /** The admin's global question reached every user (`count` questions created in this transaction). */
  globalQuestionSent(tx: DbOrTx, ctx: AppContext, event: { text: string; count: number; at: Date }): Promise<void>;
}

export const sideEffects: SideEffects = {
  async followed() {},
  async liked() {},
  async questionAsked() {},
  async answered() {},
  async globalQuestionSent() {},
};
