import type { FastifyBaseLogger } from 'fastify';

/**
 * SQLSTATEs of a database that is gone for a moment: connection exceptions (class 08), an
 * administrator's or a crash's shutdown, a server still starting, no connection slot left.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres says these in words only. */
const unavailableMessages = [/^Connection terminated/, /timeout exceeded when trying to connect/, /is not queryable/, /^Connection ended/];

/**
 * Whether an error means the database cannot be reached right now (restarting, a killed connection,
 * not started yet) rather than that the query was wrong: looked up through drizzle's wrapper.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (code.startsWith('08') || unavailableStates.has(code) || unavailableErrnos.has(code)) return true;
    if (typeof candidate.message === 'string' && unavailableMessages.some((pattern) => pattern.test(candidate.message as string))) return true;
    current = candidate.cause;
  }
  return false;
}

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 1, 2, 4 … seconds, at most 30: how long to wait before the n-th retry (from 0). */
export const reconnectDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

/**
 * Runs `probe` until the database answers: while it cannot be reached, waits with backoff and says
 * so in the log (once per try, with the next delay). Any other error (a wrong password, a missing
 * database) is not going to pass by itself and is thrown at once.
 */
export async function waitForDatabase(probe: () => Promise<unknown>, log: FastifyBaseLogger, where: string, sleep = defaultSleep): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await probe();
      if (attempt > 0) log.info(`The database at ${where} answers now`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delay = reconnectDelayMs(attempt);
      log.warn(
        `The database at ${where} does not answer (${(error as Error).message || (error as { code?: string }).code}); trying again in ${delay / 1000} s`,
      );
      await sleep(delay);
    }
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The host, port and database of a connection URL, without its password, for log lines. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
