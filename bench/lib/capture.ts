import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../packages/server/src/db/open.js';
import { listenToStatementRuns } from '../../packages/server/src/db/statements.js';

/** One SQL statement exactly as the server's code sent it to the driver. */
export interface Statement {
  text: string;
  values: unknown[];
  /** the name the server runs it under (a prepared statement, planned once per connection); none for the query builder's */
  name?: string;
}

/**
 * Records what the server's own query code sends to the database: its prepared statements as
 * `run` reports them, and the query builder's queries by wrapping the driver's `query` on this
 * process's pool (node-postgres) or PGlite instance; the service functions run unchanged on top
 * of it. So the statements replayed as "bare SQL" are the server's, not a re-typed copy that
 * could drift from it.
 */
export class StatementRecorder {
  private recording: Statement[] | null = null;

  constructor(database: Database) {
    const target = (database.kind === 'pglite' ? database.pglite : database.pool) as unknown as { query: (...args: unknown[]) => unknown };
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      if (this.recording) this.recording.push(statementOf(args));
      return original(...args);
    };
    listenToStatementRuns((statement, values) => this.recording?.push({ ...statementOf([statement.text, values]), name: statement.name }));
  }

  /** The statements `run` sent, in the order it sent them. */
  async capture<T>(run: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
    if (this.recording) throw new Error('one capture at a time');
    this.recording = [];
    try {
      const result = await run();
      return { result, statements: this.recording };
    } finally {
      this.recording = null;
    }
  }
}

function statementOf(args: unknown[]): Statement {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : (first as pg.QueryConfig).text;
  const values = (Array.isArray(second) ? second : ((first as pg.QueryConfig).values ?? [])) as unknown[];
  return { text, values: values.map((v) => (v instanceof Date ? v.toISOString() : v)) };
}

/** A SQL literal for a captured parameter (for pgbench scripts and EXPLAIN). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // an array parameter (e.g. $1::text[]): PostgreSQL's array literal, '{"a","b"}'
  if (Array.isArray(value)) return literal(`{${value.map((v) => `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The statement with its parameters written in as literals. */
export function inlined(statement: Statement): string {
  return statement.text.replace(/\$(\d+)/g, (_match, n: string) => literal(statement.values[Number(n) - 1]));
}

/** Runs one request's statements in order on one connection, as the bare-SQL loops do. */
export type Runner = (statement: Statement) => Promise<unknown>;

export const pgRunner =
  (client: pg.ClientBase): Runner =>
  (s) =>
    client.query(s.text, s.values);

export const pgliteRunner =
  (pglite: PGlite): Runner =>
  (s) =>
    pglite.query(s.text, s.values);
