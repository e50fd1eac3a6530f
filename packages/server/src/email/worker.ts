import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox } from '../db/schema/index.js';
import { BATCH, delivered, runOutboxBatch } from '../outbox/batch.js';
import { createRunner, type Runner } from '../outbox/runner.js';
import { sweepExpiredRateLimits } from '../rateLimit.js';
import { composeEmail, type ComposeDeps, type EmailRow } from './compose.js';
import { scheduleDigests } from './digest.js';
import type { Mailer } from './mailer.js';

export interface EmailWorkerDeps extends ComposeDeps {
  mailer: Mailer;
  maxAttempts: number;
  digestHourUtc: number;
  leaseSeconds?: number;
  log?: FastifyBaseLogger;
  /** More clean-ups for the periodic sweep, given by the composition root (features' own, e.g. the Filtered folder's purge). */
  sweeps?: ReadonlyArray<(now: Date) => Promise<unknown>>;
}

/** One email row's Message-ID, the same on every try: a receiver that got it once can drop a second copy. */
export const messageIdOf = (rowId: string, publicUrl: string) => `<${rowId}@${new URL(publicUrl).hostname}>`;

/**
 * One pass over due email rows (the shared outbox batch), each on its own: a row that fails is
 * retried later with backoff and never holds up the others.
 */
export function runEmailBatch(deps: EmailWorkerDeps): Promise<number> {
  return runOutboxBatch<EmailRow>(
    { db: deps.db, table: emailOutbox, name: 'email', maxAttempts: deps.maxAttempts, leaseSeconds: deps.leaseSeconds, log: deps.log },
    async (row) => {
      const message = await composeEmail(deps, row);
      if (message) await deps.mailer.send({ ...message, messageId: messageIdOf(row.id, deps.publicUrl) });
      // a reset request (or a rejected sign-up) holds an address that may belong to nobody: keep it no longer than needed
      if (row.kind === 'password_reset' || row.kind === 'signup_rejected')
        await deps.db.execute(sql`update email_outbox set data = '{}'::jsonb where id = ${row.id}`);
      return message ? delivered : { done: true, note: 'nothing to send' };
    },
  );
}

export type EmailWorker = Runner;

/** How often the worker also drops expired rate-limit counters. */
export const RATE_LIMIT_SWEEP_MS = 10 * 60_000;

/**
 * The email outbox's worker (started with the server), queueing the daily digests that fell due on
 * each pass and, every RATE_LIMIT_SWEEP_MS, dropping the rate-limit counters whose window ended
 * and (with them) the spent proof-of-work challenges that have expired, and running the features'
 * own clean-ups (`sweeps`: the Filtered folder drops questions older than FILTERED_KEEP_DAYS, the
 * files of orphan answer pictures are deleted).
 */
export function createEmailWorker(deps: EmailWorkerDeps & { pollMs: number; log: FastifyBaseLogger }): EmailWorker {
  let sweptAt = -Infinity;
  return createRunner({
    name: 'email',
    pollMs: deps.pollMs,
    log: deps.log,
    batch: BATCH,
    runPass: async () => {
      const now = deps.clock.now();
      if (now.getTime() - sweptAt >= RATE_LIMIT_SWEEP_MS) {
        await sweepExpiredRateLimits(deps.db);
        for (const sweep of deps.sweeps ?? []) await sweep(now);
        sweptAt = now.getTime();
      }
      await scheduleDigests(deps.db, now, deps.digestHourUtc);
      return runEmailBatch(deps);
    },
  });
}
