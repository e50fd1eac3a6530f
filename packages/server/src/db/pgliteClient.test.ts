import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleOverPglite } from './open.js';
import { pgliteForDrizzle } from './pgliteClient.js';
import { queryRows } from './sql.js';

describe('the PGlite client drizzle is given (decision 189)', () => {
  let pglite: PGlite;
  const seen: (QueryOptions | undefined)[] = [];
  beforeAll(async () => {
    pglite = await PGlite.create();
    const query = pglite.query.bind(pglite);
    // what reaches PGlite's own query(): the options it would copy its parsers for
    pglite.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
  });
  afterAll(() => pglite.close());

  it("reaches PGlite without drizzle's text parsers, and the database reads those types as text", async () => {
    const client = pgliteForDrizzle(pglite);
    seen.length = 0;
    const drizzleOptions = { rowMode: 'object' as const, parsers: { 1184: (v: string) => v, 1082: (v: string) => v } };
    const result = await client.query<{ at: unknown; day: unknown }>(
      `select '2026-11-25 10:00:00+00'::timestamptz as at, '2026-11-25'::date as day`,
      [],
      drizzleOptions,
    );
    expect(seen).toEqual([{ rowMode: 'object' }]);
    expect(result.rows[0]).toEqual({ at: '2026-11-25 10:00:00+00', day: '2026-11-25' });
  });

  it('passes any other parser through', async () => {
    const client = pgliteForDrizzle(pglite);
    seen.length = 0;
    const result = await client.query<{ n: unknown }>('select 41 as n', [], { parsers: { 23: (v: string) => Number(v) + 1 } });
    expect(seen[0]?.parsers).toBeDefined();
    expect(result.rows[0]?.n).toBe(42);
  });

  it('sends each query through whatever `query` the PGlite object has at the time (a recorder put on it later sees it)', async () => {
    const client = pgliteForDrizzle(pglite);
    const before = pglite.query;
    const recorded: string[] = [];
    pglite.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      recorded.push(text);
      return before.call(pglite, text, params, options);
    }) as PGlite['query'];
    try {
      await client.query('select 1 as one');
    } finally {
      pglite.query = before;
    }
    expect(recorded).toEqual(['select 1 as one']);
  });

  it('does the same inside transactions', async () => {
    const db = drizzleOverPglite(pglite);
    const shown = await db.transaction(async (tx) => {
      const client = (tx as unknown as { _: { session: { client: Pick<PGlite, 'query'> } } })._.session.client;
      // a parser for a text type is dropped, so the database's own (text) one runs
      const result = await client.query<{ at: unknown }>(`select '2026-11-25 10:00:00+00'::timestamptz as at`, [], {
        parsers: { 1184: () => 'dropped parser ran' },
      });
      return result.rows[0]?.at;
    });
    expect(shown).toBe('2026-11-25 10:00:00+00');
  });

  it("keeps drizzle's own mapping: a timestamp column is a Date, raw SQL gives the text", async () => {
    await pglite.exec(`create table moments (at timestamptz not null); insert into moments values ('2026-11-25 10:00:00+00')`);
    const moments = pgTable('moments', { at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull() });
    const db = drizzleOverPglite(pglite);
    const [row] = await db.transaction((tx) => tx.select().from(moments));
    expect(row?.at).toEqual(new Date('2026-11-25T10:00:00Z'));
    const raw = await queryRows<{ at: unknown }>(db, sql`select at from moments`);
    expect(raw[0]?.at).toBe('2026-11-25 10:00:00+00');
  });
});
