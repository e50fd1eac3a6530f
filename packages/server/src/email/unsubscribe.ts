import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { users } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { verifyUnsubscribeToken } from './links.js';

/** Turns the email notifications of the token's user off; a deleted account answers the same. */
export async function unsubscribe(db: DbOrTx, secret: Buffer, token: string): Promise<void> {
  const userId = verifyUnsubscribeToken(secret, token);
  if (!userId) throw new AppError('unsubscribe_link_invalid');
  await db.update(users).set({ emailNotifications: 'off', emailDigestFrom: null }).where(eq(users.id, userId));
}
