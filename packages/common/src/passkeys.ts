import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './limits.js';

/**
 * Passkeys (WebAuthn): registered in Settings, they sign in without a password or stand in for
 * the authenticator app's code. The browser's WebAuthn JSON goes through as is; the server's
 * library (SimpleWebAuthn) checks it.
 */
export const PASSKEY_NAME_MAX = 60;

/** One of your passkeys, as Settings lists it. */
export const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
export const passkeyParamsSchema = z.object({ id: z.string().min(1).max(1400) });

/** Adding one, first step: the password again (as for two-factor sign-in). */
export const passkeyRegistrationStartSchema = z.object({ password: z.string().max(MAX_PASSWORD_LENGTH), challenge: z.string().max(4000).optional() });
export type PasskeyRegistrationStartInput = z.infer<typeof passkeyRegistrationStartSchema>;

/** The options for navigator.credentials.create / get (WebAuthn's JSON). */
export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** Adding one, second step: what the authenticator made. */
export const passkeyRegistrationSchema = z.object({ response: z.record(z.string(), z.unknown()), name: z.string().trim().max(PASSKEY_NAME_MAX).optional() });
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

/** Signing in with one: without a token, password-less; with the password step's token, as the second factor. */
export const passkeyLoginOptionsSchema = z.object({ token: z.string().min(1).max(500).optional() });
export type PasskeyLoginOptionsInput = z.infer<typeof passkeyLoginOptionsSchema>;
export const passkeyLoginSchema = z.object({
  response: z.record(z.string(), z.unknown()),
  token: z.string().min(1).max(500).optional(),
  challenge: z.string().max(4000).optional(),
});
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>;
/** 'Confirm it is you' with a passkey: the authenticator's answer. */
export const passkeyConfirmSchema = z.object({ response: z.record(z.string(), z.unknown()) });
