import { Secret, TOTP } from 'otpauth';

/** Authenticator apps' defaults (RFC 6238): every app reads these without asking. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as people type it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, issuer: string, account: string): string => totpOf(secret, account, issuer).toString();

/**
 * The time step of `code` if it is right at `now`, one step either side allowed (a phone's clock
 * drifts, a person types slowly); null otherwise. The caller takes each step once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** The code of `secret` at `now` (tests and the e2e compute codes as an app would). */
export const totpCode = (secret: string, now: Date): string => totpOf(secret).generate({ timestamp: now.getTime() });
