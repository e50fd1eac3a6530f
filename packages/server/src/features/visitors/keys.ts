import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { rateLimitClient } from '../../rateLimit.js';

/**
 * A visitor's keyed hash (decision 306): HMAC-SHA-256 of their address (an IPv4 address or an IPv6
 * /64, as every per-IP limit counts it) with the day's random key. Within a day it counts the same
 * visitor's questions and lets 'Block this asker' find their next ones; the address itself is never
 * stored. Each day's key is drawn at random, kept in the database (every app instance hashes alike)
 * and deleted when the next day's is drawn, so a hash can never again be matched to an address, not even by
 * someone holding the server's secrets and trying every address.
 */
export async function visitorKeyOf(ctx: AppContext, ip: string): Promise<string> {
  const secret = await dayKey(ctx);
  return crypto.createHmac('sha256', secret).update(rateLimitClient(ip)).digest('base64url');
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

// the day's key, once read, per database: a visitor's request costs no extra query
const cache = new WeakMap<object, { day: string; secret: string }>();

async function dayKey(ctx: AppContext): Promise<string> {
  const day = dayOf(ctx.clock.now());
  const cached = cache.get(ctx.db);
  if (cached?.day === day) return cached.secret;
  const candidate = crypto.randomBytes(32).toString('base64url');
  // the first instance to need it draws it; the others read that one
  const [row] = await queryRows<{ secret: string }>(
    ctx.db,
    sql`with drawn as (insert into visitor_keys (day, secret) values (${day}::date, ${candidate}) on conflict (day) do nothing returning secret)
        select secret from drawn union all select secret from visitor_keys where day = ${day}::date limit 1`,
  );
  // the days before are forgotten: their hashes stay in rate-limit rows and blocks, matching no one
  await ctx.db.execute(sql`delete from visitor_keys where day < ${day}::date`);
  cache.set(ctx.db, { day, secret: row!.secret });
  return row!.secret;
}
