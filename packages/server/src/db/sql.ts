import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './open.js';

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
