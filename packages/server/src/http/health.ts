import { sql } from 'drizzle-orm';
import { sendError } from './errors.js';
import type { Db } from '../db/open.js';
import type { AppInstance } from './types.js';

/**
 * Liveness and readiness, for supervisors and load balancers (docs/operations.md).
 * - `/healthz`: the process is alive and its event loop turns. It does not ask the database: a
 *   database restart must not get every instance restarted too.
 * - `/readyz`: this instance should get traffic: the database answers and shutdown has not begun
 *   (it turns 503 the moment it does, while requests under way finish).
 * main.ts bounds the drain (SHUTDOWN_DRAIN_SECONDS).
 */
export function installHealthChecks(app: AppInstance, db: Db): void {
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  // while the server drains, a request on a connection still open is served, and its connection
  // closed after it: the client or proxy sends the next one to another instance
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (shuttingDown) return sendError(reply, 'shutting_down');
    // a database that does not answer goes through the error handler: 503 database_unavailable
    await db.execute(sql`select 1`);
    return { ok: true };
  });
}
