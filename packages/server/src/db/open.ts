import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock, DataDirUnusableError } from './lock.js';
import { openStatementPool } from './statements.js';
import { poolSettings, survivesLostConnections, type ConnectionLog } from './pools.js';
import { pgliteForDrizzle } from './pgliteClient.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; services accept either. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | {
      kind: 'postgres';
      db: Db;
      pool: pg.Pool;
      statementPool: pg.Pool;
      url: string;
      /** for what needs a session of its own (LISTEN, the migration lock): DATABASE_DIRECT_URL past a pooler, else `url` */
      sessionUrl: string;
      close(): Promise<void>;
    };

/** pg_trgm must be loaded every time a PGlite database that uses it is opened. */
export const pgliteExtensions = { pg_trgm };

export function drizzleOverPglite(pglite: PGlite): Db {
  return drizzlePglite({ client: pgliteForDrizzle(pglite), schema }) as unknown as Db;
}

export async function openPostgres(url: string, log?: ConnectionLog, sessionUrl = url): Promise<Database> {
  const pool = survivesLostConnections(new pg.Pool(poolSettings(url)), 'queries', log);
  const statementPool = survivesLostConnections(openStatementPool(pool, url), 'statements', log);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const close = async () => {
    await Promise.all([pool.end(), statementPool.end()]);
  };
  return { kind: 'postgres', db, pool, statementPool, url, sessionUrl, close };
}

/**
 * Opens DATABASE_URL when set, else the embedded PGlite database under dataDir (one process only).
 * `pgliteSharedBuffers` (e.g. '32MB'): PGlite's buffer pool, which lives in the process's memory
 * (PostgreSQL's 128MB when not given; the server's setting defaults to 32MB); reads beyond it go
 * to the files (and the OS cache).
 */
export type { ConnectionLog };

export async function openDatabase(options: {
  databaseUrl?: string;
  databaseDirectUrl?: string;
  dataDir: string;
  pgliteSharedBuffers?: string;
  log?: ConnectionLog;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.log, options.databaseDirectUrl ?? options.databaseUrl);
  const dir = path.resolve(options.dataDir, 'pglite');
  const isNew = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new DataDirUnusableError(options.dataDir, error);
  }
  // a typo in DATA_DIR must not pass for the real instance (whose first sign-up becomes its admin)
  if (isNew) options.log?.warn(`No database in ${path.resolve(options.dataDir)}: a new, empty instance is created there`);
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const startParams = options.pgliteSharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers}`] : undefined;
    const open = () => PGlite.create({ dataDir: dir, extensions: pgliteExtensions, startParams });
    let pglite = await open();
    if (isNew) {
      // initdb grew PGlite's WebAssembly memory to ~340 MB, which WebAssembly never gives back:
      // a second instance starts small, and the first one's memory goes with it (decision 195)
      await pglite.close();
      pglite = await open();
    }
    return {
      kind: 'pglite',
      db: drizzleOverPglite(pglite),
      pglite,
      close: async () => {
        await pglite.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
