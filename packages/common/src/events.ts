/**
 * What happened, in the product's words. A server service emits each event once, inside the
 * transaction that made the change (so a rollback takes the event with it); the channels (push,
 * email, federation, live) each decide what it means for them. The web names what a change makes
 * stale by the same names.
 */
import type { Locale } from './locales.js';

/** One like or unlike that really changed the likes table. */
export interface LikeToggle {
  likerId: string;
  answerId: string;
}

export type DomainEvent =
  /** A question reached `receiverId` (a quietly dropped one is rolled back with its event). */
  | {
      type: 'questionAsked';
      questionId: string;
      receiverId: string;
      /** null for a question from another server (decision 300): `remoteAsker` says who */
      senderId: string | null;
      isAnonymous: boolean;
      remoteAsker?: { handle: string; name: string };
      at: Date;
    }
  /** The admin's global question reached every user: `count` questions, all with this text and time. */
  | { type: 'globalQuestionSent'; text: string; count: number; at: Date }
  /** 'Ask my followers' reached the followers of `senderId` it was not kept from: their questions all have this text and time. */
  | { type: 'followerQuestionSent'; senderId: string; text: string; isAnonymous: boolean; at: Date }
  /** `receiverId` answered their question: the answer `answerId` (the question's own id) reaches followers' feeds and the sender's Answers tab. */
  | { type: 'answered'; answerId: string; receiverId: string; senderId: string | null; at: Date }
  /** A question or answer is gone, deleted by its receiver or by a moderator. */
  | { type: 'questionDeleted'; questionId: string; receiverId: string; wasAnswered: boolean; by: 'receiver' | 'moderator' }
  /** A batch of likes written (after its own statement committed): the ones really added and really removed. */
  | { type: 'likesToggled'; liked: (LikeToggle & { at: Date })[]; unliked: LikeToggle[] }
  /** Someone on another server liked `receiverId`'s answer (decision 303): `handle` is theirs (`@bob@host`). */
  | { type: 'remoteLiked'; answerId: string; receiverId: string; actorUri: string; handle: string; at: Date }
  /** That account took its like back (Undo): a push still waiting for it is not sent. */
  | { type: 'remoteUnliked'; answerId: string; actorUri: string }
  /**
   * `authorId` replied under `ownerId`'s answer (decision 358). A reply hidden when written (one of
   * the owner's muted words) tells no one: `hidden` is true and the channels send nothing.
   */
  | { type: 'replied'; replyId: string; answerId: string; ownerId: string; authorId: string; hidden: boolean; at: Date }
  /** A reply was deleted, hidden or shown again: threads and counts under `answerId` change. */
  | { type: 'replyChanged'; replyId: string; answerId: string; ownerId: string }
  | { type: 'followed'; followerId: string; followeeId: string; at: Date }
  | { type: 'unfollowed'; followerId: string; followeeId: string }
  /** `userId` changed what their profile shows (name, bio, website, pictures). */
  | { type: 'profileChanged'; userId: string }
  /** `userId` turned 'Public profile' on or off. */
  | { type: 'publicProfileChanged'; userId: string; isPublic: boolean }
  /** `userId` is deleting their account: emitted before the user row goes, in the same transaction. */
  | { type: 'accountDeleting'; userId: string }
  /** `userId` moved to another fediverse account (`targetUri`, its actor): their remote followers are told. */
  | { type: 'accountMoved'; userId: string; targetUri: string }
  /** A moderator suspended `userId` (their sessions end with `sessionsEnded`), or lifted it. */
  | { type: 'accountSuspended'; userId: string }
  | { type: 'accountRestored'; userId: string }
  /** These sessions ended (logout, a password change, a suspension: then `reason` says so to their open apps). */
  | { type: 'sessionsEnded'; sessionIds: string[]; reason?: 'suspended' }
  /** `userId` changed their settings (language, theme, …): their other open apps follow. */
  | { type: 'settingsChanged'; userId: string }
  /** Every session of `userId` ended (a password reset, an account deleted). */
  | { type: 'allSessionsEnded'; userId: string }
  /** Someone asked for a reset link for `email` (whether it has an account is looked up later). */
  | { type: 'passwordResetRequested'; email: string; locale?: Locale }
  /** An admin approved the pending account `userId` (REGISTRATIONS=approval): it can log in now. */
  | { type: 'signupApproved'; userId: string }
  /** An admin rejected a pending sign-up; the account is gone, so its address and name travel with the event. */
  | { type: 'signupRejected'; email: string; username: string; locale: Locale | null }
  /** `userId` needs a link to confirm their address (EMAIL_VERIFICATION=on: a new account, Resend, a new address). */
  | { type: 'emailVerificationRequested'; userId: string }
  /** `userId` signed in from a browser the account was never signed in from: its browser and system as 'Your sessions' names them. */
  | { type: 'signedInFromNewDevice'; userId: string; browser: string | null; os: string | null; at: Date }
  /** `userId` read a notifications tab: their badges change. */
  | { type: 'notificationsRead'; userId: string }
  /** The reports queue changed (a report filed or resolved, an account suspended or restored). */
  | { type: 'reportsChanged' }
  /** A suspended person appealed their suspension (once): the moderation team is told by email. */
  | { type: 'suspensionAppealed'; appealId: string };

export type DomainEventType = DomainEvent['type'];

/** The event of one type. */
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
