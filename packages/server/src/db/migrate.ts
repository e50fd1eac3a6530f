import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { serverPackageDir } from '../paths.js';
import { isDatabaseUnavailable } from './availability.js';
import type { Database } from './open.js';
import { poolSettings } from './pools.js';

export const migrationsFolder = path.join(serverPackageDir, 'drizzle');

/**
 * A migration that failed. drizzle runs every pending migration in one transaction, so none of
 * them is kept: the message says so, names the migrations and the database's own reason.
 */
export class MigrationError extends Error {
  constructor(
    readonly pending: string[],
    cause: unknown,
  ) {
    super(
      `Upgrading the database failed (${pending.length === 1 ? 'migration' : 'migrations'} ${pending.join(', ') || 'unknown'}): ${reasonOf(cause)}. ` +
        'Nothing of this upgrade was kept: the database is as it was before this start, and Askbox did not start. ' +
        'Run the previous version again, or restore a backup, and report the problem (docs/operations.md, "Upgrade").',
      { cause },
    );
    this.name = 'MigrationError';
  }
}

/** The innermost message: drizzle's "Failed query: <the whole migration>" wraps the database's reason. */
function reasonOf(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** The journal's migrations later than the last one applied (what drizzle was about to run). */
async function pendingMigrations(query: Query, folder: string): Promise<string[]> {
  const { entries } = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const { rows } = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let last = -1;
  if ((rows[0] as { present: boolean }).present) {
    const applied = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    last = Number((applied.rows[0] as { last: string | null }).last ?? -1);
  }
  return entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

async function explainFailure(error: unknown, query: Query, folder: string): Promise<never> {
  const pending = await pendingMigrations(query, folder).catch(() => []);
  throw new MigrationError(pending, error);
}

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
    const pglite = database.pglite;
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder }).catch((error: unknown) =>
      explainFailure(error, (text) => pglite.query(text), folder),
    );
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
    // a database that is away is waited for by the caller (waitForDatabase), not explained
    await migratePg(drizzle({ client }), { migrationsFolder: folder }).catch((error: unknown) =>
      isDatabaseUnavailable(error) ? Promise.reject(error) : explainFailure(error, (text) => client.query(text), folder),
    );
    await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
