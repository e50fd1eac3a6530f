import crypto from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from './open.js';

export type DroppableDatabase = Database & { drop(): Promise<void> };

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for a test file or a benchmark
 * run; `drop()` closes the pool and removes the database.
 */
export async function createThrowawayPostgres(serverUrl: string, prefix: string): Promise<DroppableDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // without FORCE: PostgreSQL waits (up to 5 s) for the pool's closing backends. FORCE would
      // kill them while their sockets close, and pg reports that as an unhandled 57P01 error.
      await cleanup.query(`drop database if exists ${name}`).catch(() => cleanup.query(`drop database if exists ${name} with (force)`));
      await cleanup.end();
    },
  };
}
