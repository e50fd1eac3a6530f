import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { queryRows } from '../db/sql.js';

const DAY_MS = 86_400_000;

/** The latest daily digest time at or before `now` (the digest hour, UTC). */
export function digestSlot(now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/**
 * Queues the digests that fell due: every user on the daily digest whose window starts before the
 * latest slot gets one row covering [window start, slot), and the window moves to the slot, in one
 * statement. Rows another instance is moving are skipped (SKIP LOCKED) and then no longer due, so
 * two instances never queue the same digest. A user who chose the digest after the slot waits for
 * the next one.
 */
export async function scheduleDigests(db: Db, now: Date, hourUtc: number): Promise<number> {
  const slot = digestSlot(now, hourUtc).toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with due as (
          select id, email_digest_from as from_at from users
          where email_notifications = 'digest' and (email_digest_from is null or email_digest_from < ${slot}::timestamptz)
          for update skip locked
        ), moved as (
          update users u set email_digest_from = ${slot}::timestamptz from due where u.id = due.id
          returning u.id, due.from_at
        )
        insert into email_outbox (id, user_id, kind, data)
        select gen_random_uuid()::text, id, 'digest', jsonb_build_object('from', from_at, 'until', ${slot}::timestamptz)
        from moved where from_at is not null
        returning id`,
  );
  return rows.length;
}
