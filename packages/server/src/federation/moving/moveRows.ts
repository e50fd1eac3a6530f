import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { followerInboxes } from '../outbox/deliveryRows.js';

/** What a Move's delivery rows carry: the new actor the account moved to. */
export interface MovePayload {
  target: string;
}

/**
 * The account moved: one Move to every remote follower inbox (a shared inbox once per server), in
 * the move's transaction. The rows share one id for the Move (`object_id`); an older Move not yet
 * sent is dropped, as it names another account.
 */
export async function queueAccountMoved(tx: DbOrTx, userId: string, target: string): Promise<void> {
  const payload: MovePayload = { target };
  await tx.execute(sql`delete from federation_deliveries where user_id = ${userId} and kind = 'move' and not sent`);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id, payload)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'move', ${crypto.randomUUID()}, ${JSON.stringify(payload)}::jsonb
    from (${followerInboxes(userId)}) i
    where exists (select 1 from users u where u.id = ${userId} and u.public_profile)`);
}
