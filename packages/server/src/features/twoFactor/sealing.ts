import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { runtimeSlot } from '../../runtime.js';

/** Where the key is generated when the operator sets none: backed up with the data (docs/operations.md). */
export const KEY_FILE = 'two-factor.key';
const VERSION = 'v1';

const keySlot = runtimeSlot<Promise<Buffer>>('twoFactorKey');

/**
 * The key that seals two-factor secrets: TWO_FACTOR_KEY, else the one in DATA_DIR/two-factor.key,
 * generated there on first use (written only if absent, so two processes starting together keep one).
 */
export function sealingKey(ctx: AppContext): Promise<Buffer> {
  return ctx.runtime.of(keySlot, async () => {
    if (ctx.config.twoFactorKey) return Buffer.from(ctx.config.twoFactorKey, 'hex');
    const file = path.join(ctx.config.dataDir, KEY_FILE);
    await fs.mkdir(ctx.config.dataDir, { recursive: true });
    try {
      await fs.writeFile(file, `${crypto.randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const hex = (await fs.readFile(file, 'utf8')).trim();
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a two-factor key (64 hexadecimal digits)`);
    return Buffer.from(hex, 'hex');
  });
}

/**
 * Seals a secret with AES-256-GCM: a fresh nonce each time, and the account's id as associated data,
 * so a sealed secret copied onto another account does not open there.
 */
export function seal(key: Buffer, userId: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** Opens what `seal` made; a wrong key (a lost or changed TWO_FACTOR_KEY) is said plainly to the operator. */
export function unseal(key: Buffer, userId: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !data) throw new Error('a two-factor secret is stored in an unknown format');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('a two-factor secret does not open with this key: TWO_FACTOR_KEY or DATA_DIR/two-factor.key is not the one it was sealed with');
  }
}
