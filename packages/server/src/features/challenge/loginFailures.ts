import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { addressRateLimitKey, consumeRateLimit } from '../../rateLimit.js';

/** Failed log-ins to one address before the log-in form must also solve a challenge. */
export const FREE_LOGIN_FAILURES = 3;
const WINDOW_SECONDS = 900;

/**
 * Whether a log-in to `email` needs a solved challenge: after FREE_LOGIN_FAILURES failures within
 * 15 minutes, counted per address whether or not it has an account (the answer says nothing about that).
 */
export async function loginNeedsChallenge(ctx: AppContext, email: string): Promise<boolean> {
  if (!ctx.config.challenge.enabled) return false;
  const [row] = await queryRows<{ count: number }>(
    ctx.db,
    sql`select count from rate_limits where key = ${addressRateLimitKey.loginFailures(email)}
        and window_start > now() - make_interval(secs => ${WINDOW_SECONDS})`,
  );
  return (row?.count ?? 0) >= FREE_LOGIN_FAILURES;
}

/** Counts one failed log-in to `email` (a counter of the shared rate-limit table, never refused). */
export async function recordLoginFailure(ctx: AppContext, email: string): Promise<void> {
  if (!ctx.config.challenge.enabled) return;
  await consumeRateLimit(ctx.db, addressRateLimitKey.loginFailures(email), Number.MAX_SAFE_INTEGER, WINDOW_SECONDS);
}
