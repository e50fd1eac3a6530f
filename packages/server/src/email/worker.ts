import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox } from '../db/schema/index.js';
import { claimDue, markSent, retryLater, startOutboxWorker, type OutboxWorker } from '../outbox/outbox.js';
import { composeEmail, type ComposeDeps, type EmailRow } from './compose.js';
import { scheduleDigests } from './digest.js';
import type { Mailer } from './mailer.js';

export interface EmailWorkerDeps extends ComposeDeps {
  mailer: Mailer;
  maxAttempts: number;
  digestHourUtc: number;
  log?: FastifyBaseLogger;
}

/**
 * One pass over due email rows (claimed with the shared outbox claim: SKIP LOCKED plus a lease),
 * each on its own: a row that fails is retried later with backoff and never holds up the others.
 */
export async function runEmailBatch(deps: EmailWorkerDeps): Promise<number> {
  const rows = await claimDue<EmailRow>(deps.db, emailOutbox, { maxAttempts: deps.maxAttempts });
  for (const row of rows) {
    try {
      const message = await composeEmail(deps, row);
      if (message) await deps.mailer.send(message);
      await markSent(deps.db, emailOutbox, row.id, message ? null : 'nothing to send');
      // a reset request holds an address that may belong to nobody: keep it no longer than needed
      if (row.kind === 'password_reset') await deps.db.execute(sql`update email_outbox set data = '{}'::jsonb where id = ${row.id}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await retryLater(deps.db, emailOutbox, row.id, row.attempts, reason);
      deps.log?.warn({ emailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'email not sent');
    }
  }
  return rows.length;
}

export type EmailWorker = OutboxWorker;

/** Polls the email outbox, queueing the daily digests that fell due on each pass. */
export function startEmailWorker(deps: EmailWorkerDeps & { pollMs: number; log: FastifyBaseLogger }): EmailWorker {
  return startOutboxWorker({
    name: 'email',
    pollMs: deps.pollMs,
    log: deps.log,
    runBatch: async () => {
      await scheduleDigests(deps.db, deps.clock.now(), deps.digestHourUtc);
      return runEmailBatch(deps);
    },
  });
}
