import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { processImage, type ImageKind } from '../../storage/images.js';
import { createStorage } from '../../storage/index.js';
import { mediaKeyFor } from '../../storage/storage.js';

/**
 * Replaces the user's avatar or cover: re-encode, store the new file, point the row at it,
 * then delete the old file. A bad image throws before anything is written.
 */
export async function replaceProfileImage(ctx: AppContext, userId: string, kind: ImageKind, bytes: Buffer) {
  const storage = createStorage(ctx.config);
  const jpeg = await processImage(bytes, kind);
  const key = mediaKeyFor(userId, kind);
  await storage.put(key, jpeg, 'image/jpeg');
  const column = kind === 'profile' ? 'photoUrl' : 'coverUrl';
  let previous: string | null = null;
  try {
    const user = await ctx.db.transaction(async (tx) => {
      // row lock: two uploads at once each see and delete exactly the file they replaced
      const [before] = await tx.select({ url: users[column] }).from(users).where(eq(users.id, userId)).for('update');
      previous = before?.url ?? null;
      const [after] = await tx.update(users).set({ [column]: storage.urlOf(key) }).where(eq(users.id, userId)).returning();
      return after!;
    });
    const oldKey = previous ? storage.keyOf(previous) : null;
    if (oldKey && oldKey !== key) await storage.delete(oldKey).catch(() => undefined);
    return user;
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
