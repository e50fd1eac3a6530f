import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import { queryRows } from './sql.js';
import { users } from './schema/index.js';
import { run, statement, tableColumns, tableRow } from './statements.js';
import type { DroppableDatabase } from './throwaway.js';

let database: DroppableDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const planMode = statement<{ mode: string }>('test_plan_mode', sql`select current_setting('plan_cache_mode') as mode`);
const echo = statement<{ n: number; word: string | null; at: string; flag: boolean }, { n: number; word: string | null; at: string; flag: boolean }>(
  'test_echo',
  sql`select ${sql.placeholder('n')}::int + 1 as n, ${sql.placeholder('word')}::text as word, ${sql.placeholder('at')}::timestamptz as at, not ${sql.placeholder('flag')}::boolean as flag`,
);
const divide = statement<{ q: number }, { by: number }>('test_divide', sql`select 10 / ${sql.placeholder('by')}::int as q`);

const builderPlanMode = async () => (await queryRows<{ mode: string }>(database.db, sql`select current_setting('plan_cache_mode') as mode`))[0]!.mode;

describe('prepared statements', () => {
  it('run with generic plans outside transactions, and leave the query builder to choose its plans', async () => {
    expect(await run(database.db, planMode, {})).toEqual([{ mode: 'force_generic_plan' }]);
    expect(await builderPlanMode()).toBe('auto');
    // a transaction's statements run on its own connection, planned as PostgreSQL chooses
    expect(await database.db.transaction((tx) => run(tx, planMode, {}))).toEqual([{ mode: 'auto' }]);
  });

  it('bind parameters of each type and return timestamps as text, the same on every run', async () => {
    for (let i = 0; i < 7; i++) {
      const [row] = await run(database.db, echo, { n: i, word: i % 2 ? null : `w${i}`, at: '2024-05-06T07:08:09.123456Z', flag: i % 2 === 0 });
      expect(row).toEqual({ n: i + 1, word: i % 2 ? null : `w${i}`, at: '2024-05-06 07:08:09.123456+00', flag: i % 2 !== 0 });
    }
  });

  it("reject with PostgreSQL's error, and the next statements and queries still work", async () => {
    await expect(run(database.db, divide, { by: 0 })).rejects.toMatchObject({ code: '22012' });
    expect(await run(database.db, divide, { by: 5 })).toEqual([{ q: 2 }]);
    expect(await builderPlanMode()).toBe('auto');
    expect(await run(database.db, planMode, {})).toEqual([{ mode: 'force_generic_plan' }]);
  });

  it("read a table's rows as the query builder does (property names, Dates, nulls)", async () => {
    await database.db.insert(users).values({
      id: 'u-rows',
      email: 'rows@example.com',
      username: 'rows',
      fullname: 'Row Test',
      passwordHash: 'x',
      suspendedAt: new Date('2024-05-06T07:08:09.123Z'),
    });
    const byBuilder = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = 'u-rows'`);
    const byStatement = statement<Record<string, unknown>, { id: string }>(
      'test_user_row',
      sql`select ${tableColumns(users, 'x')} from users x where x.id = ${sql.placeholder('id')}`,
    );
    const rows = await run(database.db, byStatement, { id: 'u-rows' });
    expect(rows.map(tableRow(users))).toEqual(byBuilder);
    expect(byBuilder[0]!.suspendedAt).toEqual(new Date('2024-05-06T07:08:09.123Z'));
    expect(byBuilder[0]!.emailDigestFrom).toBeNull();
  });

  it("return what the driver's own query returns: every type, nulls, UTF-8 and a result larger than one chunk", async () => {
    // 3,000 rows of ~1 KB, with multi-byte characters (split across PGlite's chunks somewhere)
    const columns = sql`g as n, g::int8 * 1000000000 as big, (g / 7.0)::numeric(12, 3) as num, g % 2 = 0 as even,
      case when g % 5 = 0 then null else repeat('é🙂ß', g % 300) end as text, jsonb_build_object('g', g, 'w', 'ç') as doc,
      array[g, g + 1] as ints, array['a', null, 'ü'] as words, timestamptz '2024-05-06 07:08:09.123456+00' + g * interval '1 second' as at`;
    const many = statement<Record<string, unknown>, { upTo: number }>(
      'test_wire_types',
      sql`select ${columns} from generate_series(1, ${sql.placeholder('upTo')}::int) g order by g`,
    );
    const byStatement = await run(database.db, many, { upTo: 3000 });
    const byDriver = await queryRows<Record<string, unknown>>(database.db, sql`select ${columns} from generate_series(1, 3000) g order by g`);
    expect(byStatement).toHaveLength(3000);
    expect(byStatement).toEqual(byDriver);
    expect(byStatement[5]).toMatchObject({ n: 6, even: true, doc: { g: 6, w: 'ç' }, ints: [6, 7], words: ['a', null, 'ü'], text: 'é🙂ß'.repeat(6) });
    expect(byStatement[4]!.text).toBeNull();
  });

  it('hand a notification sent by a statement to the listeners', async () => {
    const received: string[] = [];
    const notify = statement<{ sent: string }, { payload: string }>(
      'test_notify',
      sql`select pg_notify('askbox_test_wire', ${sql.placeholder('payload')}::text)::text as sent`,
    );
    let stop: () => Promise<void>;
    if (database.kind === 'pglite') {
      stop = await database.pglite.listen('askbox_test_wire', (payload) => received.push(payload));
    } else {
      const client = await database.pool.connect();
      await client.query('listen askbox_test_wire');
      client.on('notification', (message) => received.push(message.payload ?? ''));
      stop = async () => {
        await client.query('unlisten askbox_test_wire');
        client.release();
      };
    }
    expect(await run(database.db, notify, { payload: 'hello' })).toEqual([{ sent: '' }]);
    await expect.poll(() => received).toEqual(['hello']);
    await stop();
  });
});
