import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { appSettings } from '../db/schema/index.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SETTING_KEY = 'vapid_keys';

/**
 * The VAPID pair: from config when set, else generated once and stored in app_settings.
 * Two instances starting together both insert with ON CONFLICT DO NOTHING and read back the winner.
 */
export async function loadVapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey, vapidSubject } = config.push;
  if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject };
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appSettings).values({ key: SETTING_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  const stored = row!.value as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: vapidSubject };
}
