import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../errors.js';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash (OWASP's recommended minimum is 2^17 KiB-ish work;
// this keeps a 2-core self-hosted box responsive while making GPU cracking expensive).
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the email is unknown so timing reveals nothing. */
export const decoyHash = hashPassword(crypto.randomBytes(16).toString('hex'));

/**
 * The most common passwords (zxcvbn-ts's maintained list of ~49,000, from breach corpora), of 8
 * characters or more since shorter ones are refused anyway. Built once, on first use.
 */
let commonPasswords: Set<string> | null = null;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).filter((word) => word.length >= 8));
  const plain = password.normalize('NFKC').toLowerCase();
  return commonPasswords.has(plain) || commonPasswords.has(plain.replace(/\s+/g, ''));
}

/** A password someone chooses (sign-up, change, reset): refused when common, else hashed. */
export async function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw new AppError('password_too_common');
  return hashPassword(password);
}
