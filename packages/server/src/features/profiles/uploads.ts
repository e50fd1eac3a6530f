import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import type { ImageKind } from '../../storage/images.js';
import { createStorage } from '../../storage/index.js';
import { deletePicture, storePicture } from '../../storage/pictures.js';

/**
 * Replaces the user's avatar or cover: re-encode, store the new files (every width), point the
 * row at them, then delete the old ones. A bad image throws before anything is written.
 */
export async function replaceProfileImage(ctx: AppContext, userId: string, kind: ImageKind, bytes: Buffer) {
  const storage = createStorage(ctx.config);
  const url = await storePicture(storage, userId, kind, bytes);
  const column = kind === 'profile' ? 'photoUrl' : 'coverUrl';
  let previous: string | null = null;
  try {
    const user = await ctx.db.transaction(async (tx) => {
      // row lock: two uploads at once each see and delete exactly the file they replaced
      const [before] = await tx.select({ url: users[column] }).from(users).where(eq(users.id, userId)).for('update');
      previous = before?.url ?? null;
      const [after] = await tx
        .update(users)
        .set({ [column]: url })
        .where(eq(users.id, userId))
        .returning();
      await events.emit(tx, ctx, { type: 'profileChanged', userId });
      return after!;
    });
    if (previous && previous !== url) await deletePicture(storage, previous).catch(() => undefined);
    return user;
  } catch (error) {
    await deletePicture(storage, url).catch(() => undefined);
    throw error;
  }
}
