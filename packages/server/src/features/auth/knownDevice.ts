import crypto from 'node:crypto';

/**
 * A browser that has signed in to an account carries a cookie saying so, signed with the server's
 * secret and bound to the account's address. The per-account log-in limit (many wrong passwords
 * from many IPs) does not apply to such a browser: its attempts count against a limit of its own
 * instead. Otherwise anyone could keep an owner out of their own account by failing to log in to
 * it on purpose, every quarter of an hour. A new browser during such an attack still waits.
 */
export const DEVICE_COOKIE = 'askbox_device';

/** One year: a browser stays known as long as it keeps signing in now and then. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const addressKey = (email: string) => crypto.createHash('sha256').update(email).digest('hex');
const signature = (secret: Buffer, email: string, nonce: string) =>
  crypto
    .createHmac('sha256', secret)
    .update(`device:${addressKey(email)}:${nonce}`)
    .digest('base64url');

/** A fresh cookie value for this browser and the account at `email`. */
export function deviceCookieFor(secret: Buffer, email: string): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, email, nonce)}`;
}

/** The browser's id when `cookie` was issued to it for the account at `email`, else null. */
export function knownDevice(secret: Buffer, email: string, cookie: string | undefined): string | null {
  const [nonce, mac, ...rest] = (cookie ?? '').split('.');
  if (!nonce || !mac || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, email, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? nonce : null;
}
