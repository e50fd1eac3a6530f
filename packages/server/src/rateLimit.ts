import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db/open.js';
import { queryRows } from './db/sql.js';
import { RetryLaterError } from './errors.js';

/**
 * Fixed-window counter kept in Postgres so that every app instance shares it.
 * Refuses with `code` (a 429) once `limit` is passed within `windowSeconds`, saying when the
 * window ends (Retry-After).
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  code: 'rate_limited' | 'too_many_reports' = 'rate_limited',
): Promise<void> {
  const rows = await queryRows<{ count: number; retryAfter: number }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
        returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as "retryAfter"`,
  );
  const row = rows[0];
  if ((row?.count ?? 0) > limit) throw new RetryLaterError(code, Math.max(1, row?.retryAfter ?? windowSeconds));
}

/**
 * Whom a per-IP limit counts: the IPv4 address, or the /64 network of an IPv6 one. One IPv6
 * subscriber is usually given a whole /64, so counting single addresses would give one person
 * 2^64 budgets. An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function rateLimitClient(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
