import { protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { exchangeOnWire, mayNotify, parseOnPglite, serializedParameters } from './pgliteWire.js';

/**
 * The PGlite client drizzle is given. drizzle passes its own parsers with every query (dates,
 * timestamps and intervals left as text), and PGlite copies its ~350 parsers into a new object
 * to add them: 0.3 ms a query, more than running a small one (decision 189). Here the database
 * itself reads those types as text, and a query whose parsers only say so goes without them.
 *
 * And PGlite's `query()` enters PostgreSQL six times a query (Parse, Describe, Bind, Describe,
 * Execute, Sync), each answer through its copying parser. Here a query is one entry with all five
 * messages, its rows read from the wire bytes (pgliteWire.ts, decision 196); the parameters' types,
 * which pick their serializers, are asked once per query text.
 */

/** The types drizzle's PGlite driver reads as text: timestamp, timestamptz, interval, date, and arrays of numeric, timestamp, timestamptz, interval, date. */
const textTypes = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;

type Queryable = Pick<PGlite, 'query'>;

function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const key of Object.keys(parsers)) if (!textTypes.has(Number(key))) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<unknown>>;

/** `client` with `query` (skipping parsers the database already applies) and `extra` (properties set on it stay on it). */
function lean<T extends Queryable>(client: T, query: Query, extra: Partial<Record<keyof T, unknown>> = {}): T {
  const own = new Map<string | symbol, unknown>([
    ['query', (text: string, params?: unknown[], options?: QueryOptions) => query(text, params, withoutTextParsers(options))],
    ...Object.entries(extra),
  ]);
  // methods are bound to the PGlite object (its private fields need it), once per method
  const bound = new WeakMap<object, unknown>();
  return new Proxy(client, {
    get(target, property) {
      if (own.has(property)) return own.get(property);
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (!bound.has(value)) bound.set(value, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(value);
    },
    set(_target, property, value) {
      own.set(property, value);
      return true;
    },
  });
}

/** The client to hand drizzle for `pglite` (whose own parsers now read drizzle's text types as text). */
export function pgliteForDrizzle(pglite: PGlite): PGlite {
  pglite.parsers = { ...pglite.parsers, ...Object.fromEntries([...textTypes].map((type) => [type, asText])) };
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pglite.transaction((tx) => callback(lean(tx, (text, params, options) => queryInTransaction(pglite, tx, text, params, options))));
  // `pglite.query` is looked up on each call, so a wrapper put on the PGlite object itself (the benchmark's recorder) still sees every query
  const query: Query = (text, params, options) =>
    Object.hasOwn(pglite, 'query') ? pglite.query(text, params, options) : queryOutsideTransaction(pglite, text, params, options);
  return lean(pglite, query, { transaction });
}

/**
 * Whether a query can be read from the wire: not one whose notifications or notices must reach
 * PGlite's listeners, nor one using PGlite's blob device or options of its own.
 */
function readableFromWire(text: string, options: QueryOptions | undefined): boolean {
  if (mayNotify(text) || text.includes('/dev/blob')) return false;
  if (!options) return true;
  const { rowMode, parsers, ...others } = options;
  return (
    (rowMode === undefined || rowMode === 'object' || rowMode === 'array') &&
    (parsers === undefined || typeof parsers === 'object') &&
    Object.keys(others).length === 0
  );
}

async function queryOutsideTransaction(pglite: PGlite, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<unknown>> {
  if (!readableFromWire(text, options)) return pglite.query(text, params, options);
  await pglite._checkReady();
  const result = await pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => queryFromWire(pglite, text, params, options)));
  if (!pglite.isInTransaction()) await pglite.syncToFs();
  return result;
}

async function queryInTransaction(pglite: PGlite, tx: Transaction, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<unknown>> {
  if (!readableFromWire(text, options)) return tx.query(text, params, options);
  if (tx.closed) throw new Error('Transaction is closed');
  // the transaction holds PGlite's transaction lock: only the query lock, as its own query() takes
  return pglite._runExclusiveQuery(() => queryFromWire(pglite, text, params, options));
}

const { serialize } = protocol;
/** Per PGlite database: its query texts' parameter types (bounded: texts with lists of varying length are many). */
const parameterTypes = new WeakMap<PGlite, Map<string, number[]>>();
const PARAMETER_TYPES_KEPT = 2000;

/** One query in one entry into PostgreSQL: Parse, Bind, Describe, Execute and Sync (under the caller's locks). */
async function queryFromWire(pglite: PGlite, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<unknown>> {
  try {
    const types = params.length === 0 ? [] : await parameterTypesOf(pglite, text);
    const messages = [
      serialize.parse({ text, types: [] }),
      serialize.bind({ values: serializedParameters(pglite, params, types) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const parsers = options?.parsers ? { ...pglite.parsers, ...options.parsers } : pglite.parsers;
    return await exchangeOnWire(pglite, messages, parsers, options?.rowMode);
  } catch (error) {
    // as PGlite's query() does: the error says which query and parameters
    throw error instanceof protocol.messages.DatabaseError ? Object.assign(error, { query: text, params, queryOptions: options }) : error;
  }
}

async function parameterTypesOf(pglite: PGlite, text: string): Promise<number[]> {
  let known = parameterTypes.get(pglite);
  if (!known) parameterTypes.set(pglite, (known = new Map()));
  const cached = known.get(text);
  if (cached) return cached;
  const types = await parseOnPglite(pglite, text);
  if (known.size >= PARAMETER_TYPES_KEPT) known.clear();
  known.set(text, types);
  return types;
}
