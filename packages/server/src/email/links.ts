import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { appSettings } from '../db/schema/index.js';

const SETTING_KEY = 'email_link_secret';

/**
 * The key that signs unsubscribe links: generated once, kept in app_settings, shared by every
 * instance (two starting together both insert with ON CONFLICT DO NOTHING and read the winner).
 */
export async function loadLinkSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  return Buffer.from(row!.value as string, 'base64url');
}

const signature = (secret: Buffer, userId: string) => crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');

/**
 * An unsubscribe token: the user id and its HMAC. It works without signing in and never
 * expires (old emails keep their link working); all it can do is turn email notifications off.
 */
export function unsubscribeToken(secret: Buffer, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId)}`;
}

/** The user id a token was made for, or null when it was not made with our key. */
export function verifyUnsubscribeToken(secret: Buffer, token: string): string | null {
  const [encodedId, given] = token.split('.');
  if (!encodedId || !given) return null;
  const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(secret, userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? userId : null;
}

/** The one-click address (RFC 8058: POST unsubscribes, GET shows the confirming screen). */
export const unsubscribeApiUrl = (publicUrl: string, token: string) => `${publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
/** The screen a person opens from the email's footer link. */
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
