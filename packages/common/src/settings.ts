import { z } from 'zod';
import { WHO_MAY_ASK_MAX_DAYS } from './limits.js';
import { LOCALES } from './locales.js';
import { THEMES } from './themes.js';
import { whoMayReplySchema } from './replies.js';

/**
 * The signed-in user's preferences: one resource (`GET` / `PATCH /api/me/settings`) that every
 * feature adds its own fields to, stored as columns on `users`. Lists (muted words...) are
 * resources of their own.
 */

export { LOCALES, type Locale } from './locales.js';
export const localeSchema = z.enum(LOCALES);

/** Email notifications: none, one email per new question, or a daily digest (decision 128). */
export const EMAIL_NOTIFICATIONS = ['off', 'each', 'digest'] as const;
export type EmailNotifications = (typeof EMAIL_NOTIFICATIONS)[number];
export const emailNotificationsSchema = z.enum(EMAIL_NOTIFICATIONS);

export { THEMES, type Theme } from './themes.js';
export const themeSchema = z.enum(THEMES);

/** Who may ask me: everyone, people I follow, or accounts older than `whoMayAskMinDays` days. */
export const WHO_MAY_ASK = ['everyone', 'following', 'older_accounts'] as const;
export type WhoMayAsk = (typeof WHO_MAY_ASK)[number];
export const whoMayAskSchema = z.enum(WHO_MAY_ASK);

export const accountSettingsSchema = z.object({
  locale: localeSchema.nullable(),
  theme: themeSchema,
  emailNotifications: emailNotificationsSchema,
  /** Off by default: when on, answers may be read outside Askbox (link previews, feeds, the fediverse). */
  publicProfile: z.boolean(),
  /** When on, the ask box on the profile has no 'Ask anonymously' and anonymous questions are refused. */
  refuseAnonymousQuestions: z.boolean(),
  /** When on, nobody can ask (askers are told the inbox is closed) until `inboxPausedUntil`, or until turned off when null. */
  inboxPaused: z.boolean(),
  inboxPausedUntil: z.iso.datetime({ offset: true }).nullable(),
  whoMayAsk: whoMayAskSchema,
  whoMayAskMinDays: z.number().int().min(1).max(WHO_MAY_ASK_MAX_DAYS),
  /** On by default: an answer sent to the fediverse shows its question as the content warning (decision 301). */
  questionAsContentWarning: z.boolean(),
  /**
   * 'Let people without an account ask me' (when the instance allows it, VISITOR_QUESTIONS=on):
   * their questions are anonymous. Only with a public profile: turning that off turns this off.
   */
  visitorQuestions: z.boolean(),
  /** Off by default: when on, questions with a muted word go to the Filtered folder for FILTERED_KEEP_DAYS instead of being dropped. */
  keepFilteredQuestions: z.boolean(),
  /** On by default: questions people I follow ask all their followers reach me. */
  followerQuestions: z.boolean(),
  /** Replies under my answers; until chosen, on while the profile is public (decision 358). */
  repliesEnabled: z.boolean(),
  /** Who may reply under my answers (the owner always may). */
  whoMayReply: whoMayReplySchema,
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** A PATCH changes only the fields it names; unknown fields are refused, not ignored. */
export const updateAccountSettingsSchema = accountSettingsSchema.partial().strict();
export type UpdateAccountSettingsInput = z.infer<typeof updateAccountSettingsSchema>;
