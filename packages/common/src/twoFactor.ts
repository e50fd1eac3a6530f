import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './limits.js';
import { meSchema } from './auth.js';

/**
 * Two-factor sign-in: an authenticator app's six-digit code, or one of the ten recovery codes
 * ('k7m2p-9xq4t'). Either is typed in the same field; spaces and dashes are ignored.
 */
export const secondFactorCodeSchema = z
  .string()
  .max(40)
  .transform((value) => value.trim());

/** Settings: whether two-factor sign-in is on, and how many unspent recovery codes are left. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Turning it on, first step: the password again, so a borrowed session cannot lock its owner out. */
export const twoFactorSetupSchema = z.object({ password: z.string().max(MAX_PASSWORD_LENGTH), challenge: z.string().max(4000).optional() });
export type TwoFactorSetupInput = z.infer<typeof twoFactorSetupSchema>;

/** The secret to scan (as an otpauth:// address, drawn as a QR code by the web) or to type. */
export const twoFactorSecretSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSecret = z.infer<typeof twoFactorSecretSchema>;

/** A code from the app: confirms the setup, or proves the second factor again before a sensitive change. */
export const twoFactorCodeSchema = z.object({ code: secondFactorCodeSchema, challenge: z.string().max(4000).optional() });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** The ten recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The log-in's answer when the password was right and the account has two-factor sign-in: a short-lived token for the code step. */
export const secondFactorNeededSchema = z.object({ secondFactor: z.object({ token: z.string() }) });
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;

/** What the log-in answers: a session, or the code step first. */
export const loginResultSchema = z.union([z.object({ user: meSchema.nullable() }), secondFactorNeededSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** The log-in's code step. */
export const secondFactorLoginSchema = z.object({
  token: z.string().min(1).max(500),
  code: secondFactorCodeSchema,
  challenge: z.string().max(4000).optional(),
});
export type SecondFactorLoginInput = z.input<typeof secondFactorLoginSchema>;
