import type { Database } from '../../packages/server/src/db/open.js';
import type { SqlSession } from '../seed/community.js';

/** One dedicated connection of an open database (a pool client on PostgreSQL, the PGlite itself). */
export async function sessionOf(database: Database): Promise<SqlSession & { release(): Promise<void> }> {
  if (database.kind === 'pglite') {
    const pglite = database.pglite;
    return {
      query: async <T>(text: string) => (await pglite.query<T>(text)).rows,
      release: async () => {},
    };
  }
  const client = await database.pool.connect();
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    release: async () => client.release(true),
  };
}
