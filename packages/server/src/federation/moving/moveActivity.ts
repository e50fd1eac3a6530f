import { Move, type Context } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { isPublicProfile } from '../../features/visibility/index.js';

/**
 * "This actor moved to `target`": the Move Mastodon acts on (actor and object ours, target the
 * new actor). Built as of now: nothing goes once the profile turned private (the receiving server
 * would find no actor to check `movedTo` on) or the account moved again since.
 */
export async function moveActivity(db: Db, fctx: Context<void>, userId: string, moveId: string, target: string): Promise<Move | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !isPublicProfile(user) || user.movedTo?.uri !== target) return null;
  const actor = fctx.getActorUri(user.id);
  return new Move({ id: new URL(`${actor.href}#moves/${moveId}`), actor, object: actor, target: new URL(target), to: fctx.getFollowersUri(user.id) });
}
