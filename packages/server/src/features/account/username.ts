import { sql } from 'drizzle-orm';
import { OLD_USERNAME_HELD_DAYS, USERNAME_CHANGE_DAYS } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { pgErrorOf } from '../../db/pgError.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';

const DAY_MS = 86_400_000;

/**
 * Settings › Change username. The old name keeps leading to the account (old profile and answer
 * links redirect, the API finds the account by it) and is nobody else's for OLD_USERNAME_HELD_DAYS;
 * the account may take it back. A name may change once in USERNAME_CHANGE_DAYS. Everything that
 * shows a username reads it from the account, so it changes everywhere at once; on the fediverse
 * the actor is named by the account's id and stays the same: its followers stay, and an Update
 * tells them the new handle (decision 369).
 */
export async function changeUsername(ctx: AppContext, userId: string, wanted: string): Promise<{ username: string }> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [me] = await queryRows<{ username: string }>(tx, sql`select username from users where id = ${userId} for update`);
      if (!me) throw new AppError('user_not_found');
      if (me.username === wanted) return { username: wanted };
      const [last] = await queryRows<{ changed_at: Date | string }>(
        tx,
        sql`select changed_at from username_history where user_id = ${userId} order by changed_at desc limit 1`,
      );
      if (last) {
        const next = new Date(new Date(last.changed_at).getTime() + USERNAME_CHANGE_DAYS * DAY_MS);
        if (next > now) throw new AppError('username_change_too_soon', { date: next.toISOString().slice(0, 10) });
      }
      const [taken] = await queryRows<{ taken: boolean }>(
        tx,
        sql`select exists (select 1 from users where username = ${wanted})
            or exists (select 1 from pending_signups where username = ${wanted})
            or exists (select 1 from username_history where username = ${wanted} and held_until > now() and user_id <> ${userId}) as taken`,
      );
      if (taken?.taken) throw new AppError('username_taken');
      // taking a former name back; a hold of someone else's that ended is simply replaced
      await tx.execute(sql`delete from username_history where username = ${wanted}`);
      const heldUntil = new Date(now.getTime() + OLD_USERNAME_HELD_DAYS * DAY_MS);
      await tx.execute(sql`
        insert into username_history (username, user_id, changed_at, held_until) values (${me.username}, ${userId}, ${now.toISOString()}::timestamptz, ${heldUntil.toISOString()}::timestamptz)
        on conflict (username) do update set user_id = excluded.user_id, changed_at = excluded.changed_at, held_until = excluded.held_until`);
      await tx.execute(sql`update users set username = ${wanted} where id = ${userId}`);
      // the fediverse hears the new handle (Update of the same actor); open apps refresh the profile
      await events.emit(tx, ctx, { type: 'profileChanged', userId });
      return { username: wanted };
    });
  } catch (error) {
    // two people choosing one name at once: the unique index decides
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') throw new AppError('username_taken');
    throw error;
  }
}
