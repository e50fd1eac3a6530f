import { z } from 'zod';
import { errorCode } from './errors.js';
import { MAX_SIGNUP_REASON_LENGTH } from './limits.js';

/** Who may create an account (REGISTRATIONS, or the Instance screen's choice once made). */
export const REGISTRATION_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** The sign-up rules the web app needs before showing the form (part of /api/config). */
export const signupRulesSchema = z.object({
  registrations: z.enum(REGISTRATION_MODES),
  /** 0 = no age question; else 'I am at least N years old' is a required checkbox */
  minAge: z.number(),
  /** a proof-of-work challenge is solved in the background (SIGNUP_CHALLENGE) */
  challenge: z.boolean(),
  /** EMAIL_VERIFICATION=on: asking and answering wait until the address is confirmed */
  emailVerification: z.boolean(),
});
export type SignupRules = z.infer<typeof signupRulesSchema>;

/** What the sign-up form sends besides the spec's fields; each is used only where its rule is on. */
export const signupExtrasShape = {
  reason: z.string().max(MAX_SIGNUP_REASON_LENGTH, errorCode('signup_reason_too_long')).optional(),
  invite: z.string().max(100).optional(),
  ageConfirmed: z.boolean().optional(),
  challenge: z.string().max(4000).optional(),
  /** the form's language: a sign-up waiting for approval is answered by email in it */
  locale: z.enum(['en', 'fr']).optional(),
};

/** What a sign-up gives: a session, or (approval mode) an account that waits for an admin. */
export const signupPendingSchema = z.object({ pending: z.literal(true) });

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, errorCode('email_domain_invalid'));

/** The Instance screen (admins): the sign-up mode and the operator's own blocked email domains. */
export const instanceSettingsSchema = z.object({
  registrations: z.enum(REGISTRATION_MODES),
  emailDomainBlocks: z.array(domainSchema).max(1000),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

/** An account waiting for approval, as the admins' queue shows it. */
export const pendingSignupSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PendingSignup = z.infer<typeof pendingSignupSchema>;
export const pendingSignupsSchema = z.object({ signups: z.array(pendingSignupSchema) });

export const MAX_INVITE_USES = 1000;
export const MAX_INVITE_DAYS = 90;

export const createInviteSchema = z.object({
  /** null = no limit */
  maxUses: z.number().int().min(1).max(MAX_INVITE_USES).nullable(),
  /** null = never expires */
  expiresInDays: z.number().int().min(1).max(MAX_INVITE_DAYS).nullable(),
});
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

export const inviteSchema = z.object({
  code: z.string(),
  url: z.string(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesSchema = z.object({ invites: z.array(inviteSchema) });

export const verifyEmailSchema = z.object({ token: z.string().min(1).max(300) });

export const pendingSignupParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const inviteParamsSchema = z.object({ code: z.string().min(1).max(100) });
