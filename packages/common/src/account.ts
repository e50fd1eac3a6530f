import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './limits.js';
import { errorCode } from './errors.js';
import { emailSchema, passwordSchema, required, usernameSchema } from './auth.js';
import { accountSettingsSchema, localeSchema } from './settings.js';
import { accountMovingSchema } from './moving.js';

/**
 * Account self-service: change or reset the password, export the data, delete the account,
 * leave email notifications with one click (decisions 125–129).
 */

/** A password typed to prove who you are: checked against the hash, never against the rules. */
const typedPassword = z.string().max(MAX_PASSWORD_LENGTH);

const mismatch = { message: errorCode('passwords_mismatch'), path: ['repeatPassword'] };

export const changePasswordSchema = z
  .object({
    currentPassword: typedPassword,
    newPassword: passwordSchema,
    repeatPassword: required('repeat_password_required'),
    // a password is checked as at log-in: after failed attempts, a solved challenge too (features/challenge)
    challenge: z.string().max(4000).optional(),
  })
  .refine((v) => v.newPassword === v.repeatPassword, mismatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** "Forgot password?": the address, and the language the page was in (for the email). */
export const passwordResetRequestSchema = z.object({ email: emailSchema, locale: localeSchema.optional(), challenge: z.string().max(4000).optional() });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z
  .object({ token: z.string().min(1).max(200), password: passwordSchema, repeatPassword: required('repeat_password_required') })
  .refine((v) => v.password === v.repeatPassword, mismatch);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

export const deleteAccountSchema = z.object({ password: typedPassword, challenge: z.string().max(4000).optional() });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The signed token of an unsubscribe link (in the URL: it works without signing in). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });

/** The same answer for every reset request, whether or not the address has an account. */
export const passwordResetRequestedSchema = z.object({ ok: z.literal(true) });

/** Someone named in an export: public handle and name only. */
const exportPerson = z.object({ username: z.string(), fullname: z.string() });
const exportLink = exportPerson.extend({ since: z.string() });

/** A question I received, in my export. */
const receivedQuestionExport = z.object({
  id: z.string(),
  /** null when the question was anonymous (or global): the export never says who sent it */
  from: exportPerson.nullable(),
  text: z.string(),
  isAnonymous: z.boolean(),
  isGlobal: z.boolean(),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});

/**
 * "Export my data" (decision 129): everything of mine, nothing of others' that is not public.
 * A question I received says who sent it only when it was not anonymous, always.
 */
export const accountExportSchema = z.object({
  format: z.literal('askbox-export/1'),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    fullname: z.string(),
    bio: z.string(),
    website: z.string(),
    photoURL: z.string().nullable(),
    coverURL: z.string().nullable(),
    badge: z.string(),
    isAdmin: z.boolean(),
    isModerator: z.boolean(),
    createdAt: z.string(),
  }),
  settings: accountSettingsSchema,
  moving: accountMovingSchema,
  /**
   * Every question I sent (but global ones), from my own record of it (decision 205): the same
   * whether it reached its receiver or not, and kept when they delete it or their account.
   */
  questionsAsked: z.array(
    z.object({
      id: z.string(),
      /** null once the receiver's account is gone */
      to: exportPerson.nullable(),
      text: z.string(),
      isAnonymous: z.boolean(),
      createdAt: z.string(),
      answer: z.string().nullable(),
      answeredAt: z.string().nullable(),
    }),
  ),
  /** The admin's global questions, one entry per send (the same text reached every user). */
  globalQuestionsSent: z.array(z.object({ text: z.string(), sentAt: z.string(), receivers: z.number().int() })),
  questionsReceived: z.array(receivedQuestionExport),
  /** The Filtered folder (when kept): questions my muted words kept out, as received questions, marked `filtered`. */
  questionsFiltered: z.array(receivedQuestionExport.extend({ filtered: z.literal(true) })),
  likes: z.array(z.object({ questionId: z.string(), answeredBy: exportPerson, likedAt: z.string() })),
  /** My replies under answers (decision 358), whatever their answer's owner did with them. */
  replies: z.array(z.object({ answerId: z.string(), answeredBy: exportPerson, text: z.string(), repliedAt: z.string() })),
  following: z.array(exportLink),
  followers: z.array(exportLink),
  blocked: z.array(exportLink),
  /** 'Block this asker' entries: the question's text and date, never who sent it (decision 101). */
  blockedAnonymousAskers: z.array(z.object({ questionText: z.string(), questionCreatedAt: z.string(), since: z.string() })),
  mutedWords: z.array(z.object({ word: z.string(), since: z.string() })),
  /** Reports this account filed: what, why, when, and whether a moderator has dealt with it (not how). */
  reportsFiled: z.array(
    z.object({ kind: z.string(), target: z.string(), reason: z.string(), details: z.string(), reportedAt: z.string(), resolved: z.boolean() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The address change of an unconfirmed account (EMAIL_VERIFICATION=on, the banner's 'Change address'). */
export const verificationAddressSchema = z.object({ email: emailSchema });

/** Settings › Change username: the new name, under the sign-up's rules. */
export const changeUsernameSchema = z.object({ username: usernameSchema });
export type ChangeUsernameInput = z.infer<typeof changeUsernameSchema>;
export const changeUsernameResponseSchema = z.object({ username: z.string() });
