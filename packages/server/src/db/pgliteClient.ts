import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The PGlite client drizzle is given. drizzle passes its own parsers with every query (dates,
 * timestamps and intervals left as text), and PGlite copies its ~350 parsers into a new object
 * to add them: 0.3 ms a query, more than running a small one (decision 189). Here the database
 * itself reads those types as text, and a query whose parsers only say so goes without them.
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

/** `client` with `query` skipping parsers the database already applies (properties set on it stay on it). */
function lean<T extends Queryable>(client: T, extra: Partial<Record<keyof T, unknown>> = {}): T {
  // `client.query` is looked up on each call, so a wrapper put on the PGlite object itself (the benchmark's recorder) still sees every query
  const own = new Map<string | symbol, unknown>([
    ['query', (text: string, params?: unknown[], options?: QueryOptions) => client.query(text, params, withoutTextParsers(options))],
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
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) => pglite.transaction((tx) => callback(lean(tx)));
  return lean(pglite, { transaction });
}
