import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
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

describe('queries read from the wire in one entry into PostgreSQL (decision 196)', () => {
  let pglite: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    client = pgliteForDrizzle(pglite);
    await pglite.exec(`create table notes (id int primary key, body text not null, tags text[], doc jsonb, done boolean, at timestamptz)`);
  });
  afterAll(() => pglite.close());

  const strip = (result: Results<unknown>) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

  it("returns what PGlite's own query() returns: rows as objects or arrays, fields, counts, every parameter type", async () => {
    const params = [1, 'héllo 🙂', ['a', 'b"c'], { k: [1, 'ü'] }, true, new Date('2026-11-26T10:00:00Z')];
    const insert = 'insert into notes (id, body, tags, doc, done, at) values ($1, $2, $3, $4, $5, $6)';
    const ours = await client.query(insert, params);
    expect(strip(ours)).toEqual({ rows: [], fields: [], affectedRows: 1 });
    await pglite.query(insert, [2, ...params.slice(1)]);
    for (const rowMode of ['object', 'array'] as const) {
      const select = 'select * from notes where id = any($1::int[]) order by id';
      expect(strip(await client.query(select, [[1, 2]], { rowMode }))).toEqual(strip(await pglite.query(select, [[1, 2]], { rowMode })));
    }
    const [row] = (await client.query<{ tags: unknown; doc: unknown; at: unknown }>('select tags, doc, at from notes where id = $1', [1])).rows;
    expect(row).toEqual({ tags: ['a', 'b"c'], doc: { k: [1, 'ü'] }, at: '2026-11-26 10:00:00+00' });
    const update = 'update notes set done = not done where id > $1';
    expect((await client.query(update, [0])).affectedRows).toBe(2);
    expect((await client.query('delete from notes where id = $1 returning id', [2])).rows).toEqual([{ id: 2 }]);
  });

  it('enters PostgreSQL once a query, and once more only the first time a text has parameters', async () => {
    const entries: string[] = [];
    const raw = pglite.execProtocolRawStream.bind(pglite);
    const parsed = pglite.execProtocol.bind(pglite);
    pglite.execProtocolRawStream = ((message, options) => (entries.push('raw'), raw(message, options))) as PGlite['execProtocolRawStream'];
    pglite.execProtocol = ((message, options) => (entries.push('parsed'), parsed(message, options))) as PGlite['execProtocol'];
    try {
      for (let i = 0; i < 3; i++) await client.query('select body from notes where id = $1', [i]);
      await client.query('select 1 as one');
    } finally {
      delete (pglite as Partial<PGlite>).execProtocolRawStream;
      delete (pglite as Partial<PGlite>).execProtocol;
    }
    expect(entries).toEqual(['parsed', 'raw', 'raw', 'raw', 'raw']);
  });

  it("throws PostgreSQL's error with the query and its parameters, as PGlite does, and goes on working", async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    const error = await client.query(insert, [1, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', query: insert, params: [1, 'again'] });
    await expect(client.query('select nonsense from notes', [])).rejects.toMatchObject({ code: '42703' });
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps transactions whole: a rolled-back insert is gone, a closed transaction refuses queries', async () => {
    const db = drizzleOverPglite(pglite);
    let kept: PGlite | undefined;
    await expect(
      db.transaction(async (tx) => {
        kept = (tx as unknown as { _: { session: { client: PGlite } } })._.session.client;
        await kept.query('insert into notes (id, body) values ($1, $2)', [3, 'in a transaction']);
        expect((await kept.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('leaves a query that notifies to PGlite, whose listeners get it', async () => {
    const received: string[] = [];
    const stop = await pglite.listen('wire_test', (payload) => received.push(payload));
    await client.query(`select pg_notify('wire_test', $1)`, ['hello']);
    await expect.poll(() => received).toEqual(['hello']);
    await stop();
  });
});
