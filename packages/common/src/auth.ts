import { z } from 'zod';
import { MAX_FULLNAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from './limits.js';
import { errorCode, type ErrorCode } from './errors.js';
import { isBlankText, lineText, textLength, userText } from './text.js';
import { isReservedUsername, USERNAME_PATTERN } from './username.js';
import { signupExtrasShape, signupRulesSchema } from './instanceAccess.js';

/** Schemas refuse with error codes: the server sends them, the web shows their text in the user's language. */
export const required = (code: ErrorCode & `${string}_required`) => z.string({ error: code });

export const emailSchema = required('email_required')
  .trim()
  .toLowerCase()
  .min(1, errorCode('email_required'))
  .pipe(z.email({ error: errorCode('email_invalid') }).max(254, errorCode('email_invalid')));

export const usernameSchema = required('username_required')
  .min(1, errorCode('username_required'))
  .max(MAX_USERNAME_LENGTH, errorCode('username_too_long'))
  .regex(USERNAME_PATTERN, errorCode('username_characters'))
  // a page or API word as a name would make that profile unreachable: taken, as far as people are concerned
  .refine((value) => !isReservedUsername(value), { message: errorCode('username_taken') });

export const fullnameSchema = userText({ max: MAX_FULLNAME_LENGTH, required: 'fullname_required', tooLong: 'fullname_too_long', multiline: false });

/** A new password: the same rules wherever one is chosen (sign-up, change, reset). */
export const passwordSchema = required('password_required')
  .min(1, errorCode('password_required'))
  .refine((value) => textLength(value) >= MIN_PASSWORD_LENGTH, { message: errorCode('password_too_short'), abort: true })
  .refine((value) => !isBlankText(value), { message: errorCode('password_blank'), abort: true })
  .max(MAX_PASSWORD_LENGTH, errorCode('password_too_long'));
// the server also refuses the most common passwords (a list too big for the web app: features/auth/password.ts)

export const signupSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    fullname: fullnameSchema,
    password: passwordSchema,
    repeatPassword: required('repeat_password_required'),
    // the operator's sign-up rules (features/instanceAccess): optional, each read only where it is on
    ...signupExtrasShape,
  })
  .refine((v) => v.password === v.repeatPassword, { message: errorCode('passwords_mismatch'), path: ['repeatPassword'] });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: lineText(254).transform((value) => value.trim().toLowerCase()),
  password: z.string().max(MAX_PASSWORD_LENGTH),
  // a solved proof-of-work challenge, asked for after failed attempts (features/challenge)
  challenge: z.string().max(4000).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user's own view of themself (never sent about anyone else). */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullname: z.string(),
  bio: z.string(),
  website: z.string(),
  photoURL: z.string(),
  coverURL: z.string().nullable(),
  badge: z.string(),
  isAdmin: z.boolean(),
  /** false only while EMAIL_VERIFICATION=on waits for this account's address to be confirmed */
  emailVerified: z.boolean(),
  /** admins and moderators: the moderation screens */
  isModerator: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const meResponseSchema = z.object({ user: meSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Public settings the web app needs before anything else. */
export const appConfigSchema = z.object({
  publicUrl: z.string(),
  supportEmail: z.string(),
  microblogUrl: z.string(),
  photoSharingUrl: z.string(),
  vapidPublicKey: z.string().nullable(),
  /** FEDERATION=on: the ActivityPub routes (remote followers, remote blocks) exist. */
  federation: z.boolean(),
  /** who may sign up, and what the sign-up form asks (features/instanceAccess) */
  signup: signupRulesSchema,
  /** VISITOR_QUESTIONS=on: Settings offers 'Let people without an account ask me' (features/visitors). */
  visitorQuestions: z.boolean(),
  /** USERNAME_CHANGES=on (the default): Settings › Account offers 'Change username'. */
  usernameChanges: z.boolean(),
  /** FIRST_LOOK=on (the default): your own profile shows 'Share your link' instead of the spec's ask box to yourself. */
  firstLook: z.boolean(),
  /** the longest question or answer (MAX_TEXT_LENGTH; 300 unless the operator raised it) */
  maxTextLength: z.number().int(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
