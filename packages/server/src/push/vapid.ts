import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { appSettings } from '../db/schema/index.js';
import { loadWebPush } from './deliver.js';

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
  const stored = (await storedKeys(db)) ?? (await generateOnce(db));
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: vapidSubject };
}

async function storedKeys(db: Db): Promise<{ publicKey: string; privateKey: string } | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  return row?.value as { publicKey: string; privateKey: string } | undefined;
}

/** The first start: a new pair, unless another instance stored its own first. */
async function generateOnce(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const generated = (await loadWebPush()).generateVAPIDKeys();
  await db.insert(appSettings).values({ key: SETTING_KEY, value: generated }).onConflictDoNothing();
  return (await storedKeys(db))!;
}
