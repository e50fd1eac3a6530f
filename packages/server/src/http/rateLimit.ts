import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { queryRows } from '../db/sql.js';
import { tooManyRequests } from './errors.js';

/**
 * Fixed-window counter kept in Postgres so that every app instance shares it.
 * Throws 429 with a clear message once `limit` is passed within `windowSeconds`; the answer's
 * Retry-After says when the window ends.
 */
export async function consumeRateLimit(db: DbOrTx, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const rows = await queryRows<{ count: number; retryAfter: number }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
        returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as "retryAfter"`,
  );
  const row = rows[0];
  if ((row?.count ?? 0) > limit) throw tooManyRequests(message, Math.max(1, row?.retryAfter ?? windowSeconds));
}
