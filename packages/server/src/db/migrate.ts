import path from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { serverPackageDir } from '../paths.js';
import type { Database } from './open.js';
import { poolSettings } from './pools.js';

export const migrationsFolder = path.join(serverPackageDir, 'drizzle');

/** One key for every Askbox instance on a database: whoever holds it is migrating. */
const MIGRATION_LOCK = `hashtextextended('askbox migrations', 0)`;

/**
 * Applies the committed drizzle-kit migrations with drizzle's own migrator. On PostgreSQL it runs
 * on one connection that holds an advisory lock first: drizzle's migrator takes none, and
 * instances starting at once on an empty database raced on `CREATE EXTENSION` and
 * `CREATE SCHEMA drizzle`. The others wait for the lock, then find nothing left to do. The lock
 * goes with the connection, so an instance that dies while migrating does not hold it.
 * `folder`: another set of migrations (tests only).
 */
export async function migrateDatabase(database: Database, log?: FastifyBaseLogger, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client(poolSettings(database.sessionUrl));
  client.on('error', () => undefined); // the query under way fails and says why
  await client.connect();
  try {
    const [{ locked }] = (await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`)).rows as [{ locked: boolean }];
    if (!locked) {
      log?.info('another instance is migrating the database; waiting for it');
      await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    }
    await migratePg(drizzle({ client }), { migrationsFolder: folder });
    await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
