import crypto from 'node:crypto';

/** Ten codes, shown once when two-factor sign-in is turned on (or the codes renewed). */
export const RECOVERY_CODE_COUNT = 10;
// no 0/o, 1/l/i: read off paper without doubt
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 'k7m2p-9xq4t': ten random characters (about 49 bits), in two halves to read aloud. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What a person typed, as stored: lower case, without spaces or dashes. */
export const normaliseRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

/** Whether the typed text looks like a recovery code rather than an app's six digits. */
export const isRecoveryCodeShape = (typed: string): boolean => normaliseRecoveryCode(typed).length === 10;

/** Stored as a hash: the codes are random and long, so a plain SHA-256 needs no slow KDF. */
export const hashRecoveryCode = (typed: string): string => crypto.createHash('sha256').update(normaliseRecoveryCode(typed)).digest('hex');
