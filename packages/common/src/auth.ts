import { z } from 'zod';
import { MAX_FULLNAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from './limits.js';
import { en } from './i18n/en.js';
import { isBlankText, lineText, textLength, userText } from './text.js';
import { isReservedUsername, USERNAME_PATTERN } from './username.js';

/** Schemas speak English (the server's `message`); the web shows them translated (keyOfEnglishText). */
export const required = (field: keyof typeof en.required) => z.string({ error: en.required[field] });

export const emailSchema = required('email')
  .trim()
  .toLowerCase()
  .min(1, en.required.email)
  .pipe(z.email({ error: en.emailInvalid }).max(254, en.emailInvalid));

export const usernameSchema = required('username')
  .min(1, en.required.username)
  .max(MAX_USERNAME_LENGTH, en.tooLong.username)
  .regex(USERNAME_PATTERN, en.usernameChars)
  // a page or API word as a name would make that profile unreachable: taken, as far as people are concerned
  .refine((value) => !isReservedUsername(value), { message: en.usernameTaken });

export const fullnameSchema = userText({ max: MAX_FULLNAME_LENGTH, required: en.required.fullname, tooLong: en.tooLong.fullname, multiline: false });

/** A new password: the same rules wherever one is chosen (sign-up, change, reset). */
export const passwordSchema = required('password')
  .min(1, en.required.password)
  .refine((value) => textLength(value) >= MIN_PASSWORD_LENGTH, { message: en.passwordTooShort, abort: true })
  .refine((value) => !isBlankText(value), { message: en.passwordBlank, abort: true })
  .max(MAX_PASSWORD_LENGTH, en.passwordTooLong);
// the server also refuses the most common passwords (a list too big for the web app: features/auth/password.ts)

export const signupSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    fullname: fullnameSchema,
    password: passwordSchema,
    repeatPassword: required('repeatPassword'),
  })
  .refine((v) => v.password === v.repeatPassword, { message: en.passwordsMismatch, path: ['repeatPassword'] });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: lineText(254).transform((value) => value.trim().toLowerCase()),
  password: z.string().max(MAX_PASSWORD_LENGTH),
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
});
export type AppConfig = z.infer<typeof appConfigSchema>;
