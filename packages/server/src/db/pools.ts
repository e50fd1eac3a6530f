import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** Where a broken connection is told (the server's log); without one it is dropped quietly. */
export type ConnectionLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * How long a request waits for a new connection before it fails (and answers 503): a database
 * that does not answer at all must not hold requests for ever.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Settings of every node-postgres pool: a failed connect fails the request, not the process; dead
 * peers are found by TCP keepalive.
 */
export const poolSettings = (url: string) => ({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });

/**
 * node-postgres emits 'error' when a connection dies (a database restart, `pg_terminate_backend`),
 * and an 'error' event nobody handles ends the process: on the pool for an idle connection, and on
 * the connection itself while it is checked out (a transaction between two queries). The pool
 * drops a dead connection and opens a new one on demand; the checked-out one's next query fails,
 * and that request answers 503. Saying so is all there is to do.
 */
export function survivesLostConnections(pool: pg.Pool, name: string, log?: ConnectionLog): pg.Pool {
  pool.on('error', (error) => log?.warn({ err: error, pool: name }, 'a database connection was lost; the pool opens a new one when needed'));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
