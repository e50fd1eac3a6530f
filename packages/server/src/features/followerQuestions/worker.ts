import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { followerQuestionSends } from '../../db/schema/index.js';
import { BATCH, delivered, runOutboxBatch, type OutboxRow } from '../../outbox/batch.js';
import { createRunner, type Runner } from '../../outbox/runner.js';
import { fanOutFollowerQuestion } from './service.js';

/** How often queued 'Ask my followers' questions are looked for (a send also starts a pass at once, after its answer). */
export const FOLLOWER_QUESTIONS_POLL_MS = 2000;
const MAX_ATTEMPTS = 10;

/** One pass over queued 'Ask my followers' questions, each fanned out in its own transaction. */
export function runFollowerQuestionBatch(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  return runOutboxBatch<OutboxRow>(
    { db: ctx.db, table: followerQuestionSends, name: 'follower questions', maxAttempts: MAX_ATTEMPTS, leaseSeconds: ctx.config.outboxLeaseSeconds, log },
    async (row) => {
      await fanOutFollowerQuestion(ctx, row.id);
      return delivered;
    },
  );
}

/** The worker of every instance (started with the server; `kick()` runs a pass now and resolves once it is done). */
export function createFollowerQuestionWorker(ctx: AppContext, log: FastifyBaseLogger): Runner {
  return createRunner({ name: 'follower questions', pollMs: FOLLOWER_QUESTIONS_POLL_MS, log, batch: BATCH, runPass: () => runFollowerQuestionBatch(ctx, log) });
}
