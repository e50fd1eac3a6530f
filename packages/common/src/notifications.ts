import { z } from 'zod';
import { errorCode } from './errors.js';
import { userSummarySchema } from './users.js';

export * from './push.js';

/** One item of the Activity tab: someone followed the viewer or liked one of their answers. */
export const activityItemSchema = z.object({
  id: z.string(),
  type: z.enum(['follow', 'like']),
  user: userSummarySchema,
  at: z.string(),
  /** The liked answer (likes only), with its content warning: shown as `answerGlimpse` says. */
  answer: z.object({ id: z.string(), answer: z.string(), contentWarning: z.string().nullable() }).nullable(),
  unread: z.boolean(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** One item of the Answers tab: an answer to a question the viewer sent. */
export const answerNotificationSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  contentWarning: z.string().nullable(),
  answeredAt: z.string(),
  isAnonymous: z.boolean(),
  receiver: userSummarySchema,
  unread: z.boolean(),
});
export type AnswerNotification = z.infer<typeof answerNotificationSchema>;

export const activityListSchema = z.object({ items: z.array(activityItemSchema), nextCursor: z.null() });
export const answerNotificationListSchema = z.object({ items: z.array(answerNotificationSchema), nextCursor: z.null() });

export const notificationTabSchema = z.enum(['activity', 'answers']);
export type NotificationTab = z.infer<typeof notificationTabSchema>;
export const markReadSchema = z.object({ tab: notificationTabSchema });

/** The nav badges: unanswered questions received, unread activity, unread answers. */
export const countersSchema = z.object({
  unansweredQuestions: z.number().int(),
  unreadActivity: z.number().int(),
  unreadAnswers: z.number().int(),
  /** sign-ups waiting for approval, for admins and moderators (0 for anyone else) */
  pendingSignups: z.number().int(),
});
export type Counters = z.infer<typeof countersSchema>;

/** A browser PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: errorCode('push_endpoint_not_https') }).max(2000),
  // base64url as browsers give them; the server also checks the key is a P-256 point and auth is 16 bytes
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, errorCode('push_key_invalid')),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, errorCode('push_auth_invalid')),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) });

export { liveEventTypes, type LiveEventType, type SessionEndEvent } from './liveEvents.js';

/**
 * The Activity tab grouped (decision 171): one row per kind, per answer (likes) and per UTC day,
 * 'Chloé and 9 others liked your answer'. Groups come newest first, paged by a keyset cursor.
 */
export const activityGroupSchema = z.object({
  /** `like:<answer id>:<day>` or `follow::<day>`, which open the full list of people; `remoteLike:<answer id>:<day>`. */
  id: z.string(),
  /** `remoteLike`: likes from people on other servers (the fediverse), named by their handles */
  /** `reply`: replies under the viewer's answer; `threadReply`: replies in a thread under someone else's answer that the viewer replied in */
  type: z.enum(['follow', 'like', 'remoteLike', 'reply', 'threadReply']),
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  /** The newest follow or like of the group. */
  latestAt: z.string(),
  /** How many people; `users` holds the newest three. */
  count: z.number().int().positive(),
  users: z.array(userSummarySchema),
  /** `remoteLike` only: the newest three, `@bob@remote.example` and their display name (no picture) */
  remoteUsers: z.array(z.object({ handle: z.string(), name: z.string() })),
  /** the answer liked or replied to; `ownerUsername` says whose (someone else's for `threadReply`) */
  answer: z.object({ id: z.string(), answer: z.string(), contentWarning: z.string().nullable(), ownerUsername: z.string() }).nullable(),
  unread: z.boolean(),
});
export type ActivityGroup = z.infer<typeof activityGroupSchema>;
export const activityGroupListSchema = z.object({ items: z.array(activityGroupSchema), nextCursor: z.string().nullable() });
export type ActivityGroupList = z.infer<typeof activityGroupListSchema>;

/** A group id as the server writes it; anything else is refused with a 400. */
export const activityGroupIdSchema = z
  .string()
  .regex(/^((like|reply|threadReply):[^:]{1,100}|follow:):\d{4}-\d\d-\d\d$/, errorCode('notification_group_unknown'));
export const activityGroupParamsSchema = z.object({ groupId: activityGroupIdSchema });

/** Everyone in one group, newest first. */
export const activityGroupPersonSchema = z.object({ user: userSummarySchema, at: z.string() });
export type ActivityGroupPerson = z.infer<typeof activityGroupPersonSchema>;
export const activityGroupPeopleSchema = z.object({ items: z.array(activityGroupPersonSchema), nextCursor: z.string().nullable() });
export type ActivityGroupPeople = z.infer<typeof activityGroupPeopleSchema>;
