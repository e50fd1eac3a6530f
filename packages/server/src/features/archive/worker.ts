import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { createRunner, type Runner } from '../../outbox/runner.js';
import { runImportPass } from './importArchive.js';

/** How often open imports are looked for (an upload also starts a pass at once). */
export const IMPORT_POLL_MS = 2000;

/**
 * The archive import worker of every instance (decision 374): a pass takes one job at a time, so
 * a full pass (1) runs the next one at once; a job left by a stopped server is taken up once its
 * lease has passed.
 */
export function createImportWorker(ctx: AppContext, log: FastifyBaseLogger): Runner {
  return createRunner({ name: 'archive imports', pollMs: IMPORT_POLL_MS, log, batch: 1, runPass: () => runImportPass(ctx) });
}
