import type { DbOrTx } from '../db/open.js';
import { blocks, follows } from '../db/schema/index.js';

/** Direct inserts for tests of one feature that need another feature's data. */
export async function insertFollow(db: DbOrTx, followerId: string, followeeId: string, at = new Date()): Promise<void> {
  await db.insert(follows).values({ followerId, followeeId, createdAt: at }).onConflictDoNothing();
}

export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}
