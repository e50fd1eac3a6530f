import pg from 'pg';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './open.js';

/**
 * Hot queries as named prepared statements. The SQL is written with drizzle's `sql` template and
 * `sql.placeholder('name')` (so the shared fragments — block rules, ordering, cursors — still
 * compose), rendered ONCE when the module loads, and then sent by name: on PostgreSQL each pool
 * connection parses and plans it once, and no query builder runs per request (measured: drizzle's
 * building was a quarter of the server's CPU on the feed). Rows come back as the driver's objects
 * with timestamps as text (see timestamps.ts) and bigint counts as strings.
 */
export interface Statement<Row, Args extends Record<string, unknown>> {
  readonly name: string;
  readonly text: string;
  /** the rendered parameters: placeholders by name, constants as they are */
  readonly params: unknown[];
  /** phantom types */
  readonly _types?: { row: Row; args: Args };
}

const dialect = new PgDialect();
const names = new Set<string>();

export function statement<Row, Args extends Record<string, unknown> = Record<string, never>>(name: string, query: SQL): Statement<Row, Args> {
  // a name identifies one text on every connection: two texts under one name would run the wrong one
  if (names.has(name)) throw new Error(`two prepared statements are named '${name}'`);
  names.add(name);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params };
}

const rawText = (value: string) => value;
// node-postgres: leave timestamps as text (as drizzle does), everything else as usual
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.TIMESTAMPTZ || oid === pg.types.builtins.TIMESTAMP
      ? rawText
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};
// PGlite: the same, through its per-query parsers
const pgliteParsers = { 1184: rawText, 1114: rawText };

interface PgliteLike {
  query<T>(text: string, params: unknown[], options: { parsers: Record<number, (v: string) => unknown> }): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}
interface PgLike {
  query<T extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<T>>;
}

/** The driver behind a drizzle database or transaction: a pg Pool / PoolClient, or a PGlite / its transaction. */
function driverOf(db: DbOrTx): PgliteLike | PgLike {
  return (db as unknown as { _: { session: { client: PgliteLike | PgLike } } })._.session.client;
}

const isPglite = (client: PgliteLike | PgLike): client is PgliteLike => typeof (client as PgliteLike).exec === 'function';

/** Runs a prepared statement on a database or inside a transaction; `args` fill its placeholders. */
export async function run<Row, Args extends Record<string, unknown>>(db: DbOrTx, statement: Statement<Row, Args>, args: Args): Promise<Row[]> {
  const values = statement.params.length === 0 ? [] : fillPlaceholders(statement.params, args);
  const client = driverOf(db);
  if (isPglite(client)) return (await client.query<Row>(statement.text, values, { parsers: pgliteParsers })).rows;
  const result = await client.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.text, values, types: pgTypes });
  return result.rows;
}

/** The first row, or null. */
export async function runOne<Row, Args extends Record<string, unknown>>(db: DbOrTx, statement: Statement<Row, Args>, args: Args): Promise<Row | null> {
  const rows = await run(db, statement, args);
  return rows[0] ?? null;
}

/**
 * A number written into the statement's text. Constants such as LIMIT 20 must not become
 * parameters: a generic plan cannot see a parameter's value and plans LIMIT $1 for 10 % of the rows.
 */
export const inlined = (value: number): SQL => sql.raw(String(Math.trunc(value)));
