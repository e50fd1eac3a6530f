import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { sideEffects } from '../notifications/hooks.js';

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * The admin's global question (spec §6): one anonymous question for every user of the app,
 * written by ONE set-based INSERT … SELECT inside one transaction together with its side
 * effects (push outbox rows, live events), so it is all-or-nothing and can never be sent twice
 * by a half-finished run. The sender is kept (never shown: the question is anonymous).
 */
export async function sendGlobalQuestion(ctx: AppContext, adminId: string, text: string, log: Logger): Promise<{ count: number }> {
  const at = new Date();
  log.info({ adminId }, 'global question: sending to every user');
  const count = await ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{ count: number | string }>(
      tx,
      sql`with inserted as (
            insert into questions (id, sender_id, receiver_id, text, is_anonymous, is_global, answered, created_at)
            select gen_random_uuid()::text, ${adminId}, u.id, ${text}, true, true, false, ${at.toISOString()}::timestamptz
            from users u
            returning 1
          )
          select count(*)::int as count from inserted`,
    );
    const inserted = Number(rows[0]?.count ?? 0);
    log.info({ count: inserted }, 'global question: questions written, queueing notifications');
    await sideEffects.globalQuestionSent(tx, ctx, { text, count: inserted, at });
    return inserted;
  });
  log.info({ count }, 'global question: sent');
  return { count };
}
