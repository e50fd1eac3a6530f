import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { rateLimitClient } from '../../rateLimit.js';
import { runtimeSlot } from '../../runtime.js';

/**
 * A visitor's keyed hash (decision 306): HMAC-SHA-256 of their address (an IPv4 address or an IPv6
 * /64, as every per-IP limit counts it) with the day's random key. Within a day it counts the same
 * visitor's questions and lets 'Block this asker' find their next ones; the address itself is never
 * stored. The key is drawn at random each day and never written where it could outlive the day:
 * whoever later holds the database's files, its WAL or a backup cannot match a hash to an address,
 * not even with the server's secrets and every address tried.
 */
export async function visitorKeyOf(ctx: AppContext, ip: string): Promise<string> {
  const secret = await dayKey(ctx);
  return crypto.createHmac('sha256', secret).update(rateLimitClient(ip)).digest('base64url');
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const drawKey = () => crypto.randomBytes(32).toString('base64url');

// the day's key, held by the context: a visitor's request costs no extra query
const dayKeySlot = runtimeSlot<{ held: { day: string; secret: string } | null }>('visitor day key');

async function dayKey(ctx: AppContext): Promise<string> {
  const day = dayOf(ctx.clock.now());
  const slot = ctx.runtime.of(dayKeySlot, () => ({ held: null }));
  if (slot.held?.day === day) return slot.held.secret;
  // the embedded database has one process: the key lives in its memory only (set before any await,
  // so simultaneous first visitors share it); a restart draws a new one
  const secret = ctx.database.kind === 'pglite' ? drawKey() : await sharedDayKey(ctx, day);
  slot.held = { day, secret };
  return secret;
}

/**
 * On PostgreSQL every app instance must hash alike, so the key is shared through `visitor_keys`, an
 * unlogged table: never in the WAL (nor in replicas or base backups), left out of dumps by the
 * backup instructions' `--no-unlogged-table-data`, and emptied after a crash. The day's new key
 * replaces the old one by TRUNCATE, which drops the table's file instead of leaving the old row in
 * it. The exclusive lock makes the first instance to need it the one that draws it.
 */
async function sharedDayKey(ctx: AppContext, day: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`lock table visitor_keys in access exclusive mode`);
    const kept = await queryRows<{ day: string; secret: string }>(tx, sql`select day::text as day, secret from visitor_keys order by day desc`);
    const today = kept.find((row) => row.day === day);
    if (today) return today.secret;
    const secret = drawKey();
    // an instance whose clock is already on the next day keeps its key
    if (!kept.some((row) => row.day > day)) await tx.execute(sql`truncate visitor_keys`);
    await tx.execute(sql`insert into visitor_keys (day, secret) values (${day}::date, ${secret})`);
    return secret;
  });
}
