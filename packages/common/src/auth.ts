import { z } from 'zod';
import { MAX_FULLNAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from './limits.js';
import { messages } from './messages.js';
import { isBlankText, lineText, textLength, userText } from './text.js';
import { isReservedUsername, USERNAME_PATTERN } from './username.js';

export const required = (field: string) => z.string({ error: messages.fieldRequired(field) });

export const emailSchema = required('Email')
  .trim()
  .toLowerCase()
  .min(1, messages.fieldRequired('Email'))
  .pipe(z.email({ error: messages.emailInvalid }).max(254, messages.emailInvalid));

export const usernameSchema = required('Username')
  .min(1, messages.fieldRequired('Username'))
  .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters`)
  .regex(USERNAME_PATTERN, messages.usernameChars)
  // a page or API word as a name would make that profile unreachable: taken, as far as people are concerned
  .refine((value) => !isReservedUsername(value), { message: messages.usernameTaken });

export const fullnameSchema = userText('Full name', MAX_FULLNAME_LENGTH, { required: true, multiline: false });

/** A new password: the same rules wherever one is chosen (sign-up, change, reset). */
export const passwordSchema = required('Password')
  .min(1, messages.fieldRequired('Password'))
  .refine((value) => textLength(value) >= MIN_PASSWORD_LENGTH, { message: messages.passwordTooShort, abort: true })
  .refine((value) => !isBlankText(value), { message: messages.passwordBlank, abort: true })
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);
// the server also refuses the most common passwords (a list too big for the web app: features/auth/password.ts)

export const signupSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    fullname: fullnameSchema,
    password: passwordSchema,
    repeatPassword: required('Repeat password'),
  })
  .refine((v) => v.password === v.repeatPassword, { message: messages.passwordsMismatch, path: ['repeatPassword'] });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: lineText('Email', 254).transform((value) => value.trim().toLowerCase()),
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
});
export type AppConfig = z.infer<typeof appConfigSchema>;
