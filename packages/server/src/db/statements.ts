import pg from 'pg';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './open.js';
import { poolSettings } from './pools.js';
import { concat, exchangeOnWire, mayNotify, parseOnPglite, resultFromWire, serializedParameters, type Parsers } from './pgliteWire.js';

/**
 * Hot queries as named prepared statements. The SQL is written with drizzle's `sql` template and
 * `sql.placeholder('name')` (so the shared fragments — block rules, ordering, cursors — still
 * compose), rendered ONCE when the module loads, and then sent by name: each connection parses it
 * once and plans it once (a generic plan, see openStatementPool), and no query builder runs per
 * request (measured: drizzle's building was a quarter of the server's CPU on the feed). Rows come
 * back as the driver's objects with timestamps as text (see timestamps.ts) and bigint counts as
 * strings.
 */
export interface Statement<Row, Args extends Record<string, unknown>> {
  readonly name: string;
  readonly text: string;
  /** the rendered parameters: placeholders by name, constants as they are */
  readonly params: unknown[];
  /** whether it sends a NOTIFY (PGlite: read through PGlite's own parser, which hands it to the listeners) */
  readonly notifies: boolean;
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
  return { name, text, params, notifies: mayNotify(text) };
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
/** A PGlite database itself (not one of its transactions), which can keep named statements. */
const isPgliteDatabase = (client: PgliteLike): client is PgliteLike & PGlite => typeof (client as Partial<PGlite>).execProtocol === 'function';
interface PgLike {
  query<T extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<T>>;
}

/** The driver behind a drizzle database or transaction: a pg Pool / PoolClient, or a PGlite / its transaction. */
function driverOf(db: DbOrTx): PgliteLike | PgLike {
  return (db as unknown as { _: { session: { client: PgliteLike | PgLike } } })._.session.client;
}

const isPglite = (client: PgliteLike | PgLike): client is PgliteLike => typeof (client as PgliteLike).exec === 'function';

/** PostgreSQL: the pool of each database's connections that run its statements outside transactions. */
const statementPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The connections on which the statements run outside transactions, beside `pool` (which keeps
 * serving transactions and drizzle's query builder). Their sessions use generic plans: PostgreSQL
 * otherwise re-plans a statement on every run whenever its generic plan is estimated dearer than
 * the custom ones, which it was for the feed and search (measured: planning was half of the feed's
 * database time and three quarters of a narrow search's; decision 186). The statements are written
 * for generic plans — constants such as LIMIT are inlined — while the builder's queries (LIMIT $n)
 * are not, so the setting stays off `pool`.
 */
export function openStatementPool(pool: pg.Pool, url: string): pg.Pool {
  const statementPool = new pg.Pool({
    ...poolSettings(url),
    max: pool.options.max ?? 10,
    // awaited before the connection serves anything; a session SET, not a startup parameter
    // (poolers such as PgBouncer refuse unknown ones)
    onConnect: async (client) => {
      await client.query('set plan_cache_mode = force_generic_plan');
    },
  });
  statementPools.set(pool, statementPool);
  return statementPool;
}

type RunListener = (statement: { name: string; text: string }, values: unknown[]) => void;
let runListener: RunListener | null = null;

/** Hears every statement run with its values (the benchmark records the server's SQL; nothing in the server listens). */
export function listenToStatementRuns(listener: RunListener | null): void {
  runListener = listener;
}

/** Runs a prepared statement on a database or inside a transaction; `args` fill its placeholders. */
export async function run<Row, Args extends Record<string, unknown>>(db: DbOrTx, statement: Statement<Row, Args>, args: Args): Promise<Row[]> {
  const values = statement.params.length === 0 ? [] : fillPlaceholders(statement.params, args);
  runListener?.(statement, values);
  const client = driverOf(db);
  if (isPglite(client)) {
    if (isPgliteDatabase(client)) return runNamedOnPglite<Row>(client, statement, values);
    return (await client.query<Row>(statement.text, values, { parsers: pgliteParsers })).rows;
  }
  const config = { name: statement.name, text: statement.text, values, types: pgTypes };
  // a database's statements go to its statement pool; a transaction's (a PoolClient) stay on its connection
  const statementPool = client instanceof pg.Pool ? statementPools.get(client) : undefined;
  const result = await (statementPool ?? client).query<Row & pg.QueryResultRow>(config);
  return result.rows;
}

/** The first row, or null. */
export async function runOne<Row, Args extends Record<string, unknown>>(db: DbOrTx, statement: Statement<Row, Args>, args: Args): Promise<Row | null> {
  const rows = await run(db, statement, args);
  return rows[0] ?? null;
}

/** A table's columns but `except` (by property name): what a statement selects and maps back. */
function columnsOf<T extends Table>(table: T, except: readonly (keyof T['$inferSelect'])[]) {
  return Object.entries(getTableColumns(table)).filter(([key]) => !except.includes(key as keyof T['$inferSelect']));
}

/** A table's columns for a statement's select list, as `alias.column`, in the table's order, but `except` (see tableRow). */
export function tableColumns<T extends Table>(table: T, alias: string, except: readonly (keyof T['$inferSelect'])[] = []): SQL {
  return sql.join(
    columnsOf(table, except).map(([, column]) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
}

/** A row of `tableColumns` as drizzle's `select().from(table)` returns it: property names, and values mapped by each column (timestamps as Dates). */
export function tableRow<T extends Table, Except extends keyof T['$inferSelect'] = never>(
  table: T,
  except: readonly Except[] = [],
): (row: Record<string, unknown>) => Omit<T['$inferSelect'], Except> {
  const columns = columnsOf(table, except);
  return (row) => {
    const mapped: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return mapped as Omit<T['$inferSelect'], Except>;
  };
}

/**
 * A number written into the statement's text. Constants such as LIMIT 20 must not become
 * parameters: a generic plan cannot see a parameter's value and plans LIMIT $1 for 10 % of the rows.
 */
export const inlined = (value: number): SQL => sql.raw(String(Math.trunc(value)));

/** Per PGlite database: the statements it has parsed, by name, with their parameters' types. */
const pglitePrepared = new WeakMap<PGlite, Map<string, number[]>>();
const quietly = { syncToFs: false };
const { serialize } = protocol;
// PGlite has one session, shared with the query builder: generic plans only while a statement runs
const genericPlans = serialize.query('set plan_cache_mode = force_generic_plan');
const choosePlans = serialize.query('reset plan_cache_mode');

/**
 * PGlite's `query()` parses, plans and describes its text every time (an unnamed statement). Here,
 * as on PostgreSQL, the statement is parsed once per database under its name and each run binds and
 * executes it with a generic plan, planned once (decision 186). The messages of a run go in one
 * call, under the same locks as `query()` (no other query, no open transaction in between). The
 * rows are read from the wire bytes (pgliteWire.ts), unless the statement notifies: PGlite's own
 * parser then hands the notification to the listeners.
 */
async function runNamedOnPglite<Row>(pglite: PGlite, statement: { name: string; text: string; notifies: boolean }, values: unknown[]): Promise<Row[]> {
  const known = pglitePrepared.get(pglite) ?? new Map<string, number[]>();
  pglitePrepared.set(pglite, known);
  const rows = await pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const paramTypes = known.get(statement.name) ?? (await parseOnPglite(pglite, statement.text, statement.name));
      known.set(statement.name, paramTypes);
      const bind = serialize.bind({ statement: statement.name, values: serializedParameters(pglite, values, paramTypes) });
      const messages = [genericPlans, bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(), choosePlans];
      try {
        const parsers = withOurParsers(pglite.parsers);
        if (!statement.notifies) return (await exchangeOnWire<Row>(pglite, messages, parsers)).rows;
        // PGlite's parser hands the notification to the listeners; the rows come from the same bytes
        const { data } = await pglite.execProtocol(concat(messages), quietly);
        return resultFromWire<Row>(data, parsers, 'object', 'delivered by PGlite').rows;
      } catch (error) {
        // an error skips the messages up to the Sync; the RESET after it still runs, and runs again
        // here in case PGlite stopped short, so the builder never inherits generic plans
        await pglite.execProtocol(choosePlans, quietly);
        throw error;
      }
    }),
  );
  if (!pglite.isInTransaction()) await pglite.syncToFs();
  return rows;
}

/**
 * PGlite's parsers with ours on top, merged once per parsers object: copying its ~350 numeric keys
 * took 0.3 ms, more than running a small statement (decision 189).
 */
const mergedParsers = new WeakMap<Parsers, Parsers>();
function withOurParsers(parsers: Parsers): Parsers {
  let merged = mergedParsers.get(parsers);
  if (!merged) mergedParsers.set(parsers, (merged = { ...parsers, ...pgliteParsers }));
  return merged;
}
