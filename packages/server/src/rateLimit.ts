import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db/open.js';
import { queryRows } from './db/sql.js';
import { RetryLaterError } from './errors.js';

/** The longest window any counter runs: a row whose window started longer ago counts nothing. */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 86_400; // a day: 'Ask my followers' counts per day

/** An address is counted by its hash: its text is never a key. */
const addressHash = (email: string) => crypto.createHash('sha256').update(email).digest('hex');

/**
 * The counters kept about one person, by their account id or by a hash of their address: built here
 * only, so that deleting the account finds every one of them (deletePersonalRateLimits).
 */
export const accountRateLimitKey = {
  question: (userId: string) => `question:${userId}`,
  followersQuestion: (userId: string) => `followers-question:${userId}`,
  upload: (userId: string) => `upload:${userId}`,
  report: (userId: string) => `report:${userId}`,
  reply: (userId: string) => `reply:${userId}`,
  verificationLink: (userId: string) => `verification-link:${userId}`,
  fediverseLookup: (userId: string) => `fediverse-lookup:${userId}`,
};
export const addressRateLimitKey = {
  loginAccount: (email: string) => `login-account:${addressHash(email)}`,
  resetAddress: (email: string) => `reset-address:${addressHash(email)}`,
  // failed log-ins to one address: past a few, the log-in form must solve a challenge (features/challenge)
  loginFailures: (email: string) => `login-failures:${addressHash(email)}`,
};

/** Every counter keyed by the person, directly or by a hash of their address (account deletion). */
export async function deletePersonalRateLimits(db: DbOrTx, person: { id: string; email: string }): Promise<void> {
  const keys = [...Object.values(accountRateLimitKey).map((key) => key(person.id)), ...Object.values(addressRateLimitKey).map((key) => key(person.email))];
  await db.execute(
    sql`delete from rate_limits where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

/**
 * Drops counters whose window ended (a background pass runs it): they count nothing any more, and
 * keys made from IPs, devices or hashed addresses should not be kept longer than they serve.
 */
export async function sweepExpiredRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start <= now() - make_interval(secs => ${LONGEST_RATE_LIMIT_WINDOW_SECONDS})`);
  // spent proof-of-work challenges (features/challenge) that have expired are refused anyway
  await db.execute(sql`delete from spent_challenges where expires_at < now()`);
}

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
  // a longer window would be swept before it ends
  if (windowSeconds > LONGEST_RATE_LIMIT_WINDOW_SECONDS) throw new Error(`rate-limit window of ${windowSeconds} s is longer than the sweep keeps`);
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
