import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from './migrate.js';
import { openDatabase, type Database } from './open.js';
import { maintainPglite, startPgliteMaintenance } from './pgliteMaintenance.js';

describe('the embedded database is vacuumed and analyzed (decision 192)', () => {
  let database: Database;
  let pglite: PGlite;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-maintenance-'));
    database = await openDatabase({ dataDir });
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    pglite = database.pglite;
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const tableState = async (table: string) =>
    (
      await pglite.query<{ reltuples: number; relallvisible: number; n_dead_tup: number }>(
        `select c.reltuples, c.relallvisible, s.n_dead_tup::int as n_dead_tup
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
        [table],
      )
    ).rows[0]!;
  // the backend publishes its table statistics at most once a second unless told to
  const publishStatistics = () => pglite.query('select pg_stat_force_next_flush()');

  it('analyzes the tables no one ever analyzed, the app’s own included', async () => {
    expect((await tableState('users')).reltuples).toBe(-1);
    const steps = await maintainPglite(pglite);
    expect(steps).toContainEqual(expect.objectContaining({ table: 'public.users', action: 'analyze' }));
    expect((await tableState('users')).reltuples).toBeGreaterThanOrEqual(0);
    // an empty table, once analyzed, is not due again
    expect((await maintainPglite(pglite)).map((step) => step.table)).not.toContain('public.users');
  });

  it('vacuums a table once its dead rows pass autovacuum’s threshold, and leaves it be after', async () => {
    await pglite.exec(`create table churn (id int primary key, n int);
                       insert into churn select g, g from generate_series(1, 5000) g;`);
    await publishStatistics();
    await maintainPglite(pglite);
    // 2,000 of 5,000 rows deleted: over the 50 + 20 % threshold
    await pglite.exec('delete from churn where id <= 2000');
    await publishStatistics();
    expect((await tableState('churn')).n_dead_tup).toBe(2000);

    const steps = await maintainPglite(pglite);
    expect(steps).toContainEqual(expect.objectContaining({ table: 'public.churn', action: 'vacuum analyze' }));
    await publishStatistics();
    const after = await tableState('churn');
    expect(after.n_dead_tup).toBe(0);
    expect(after.reltuples).toBe(3000);
    expect(after.relallvisible).toBeGreaterThan(0);

    expect((await maintainPglite(pglite)).map((step) => step.table)).not.toContain('public.churn');
  });

  it('runs on its own until stopped', async () => {
    await pglite.exec('insert into churn select g, g from generate_series(100001, 102000) g');
    await publishStatistics();
    const logged: object[] = [];
    const maintenance = startPgliteMaintenance(pglite, { info: (step) => logged.push(step), warn: () => {} }, 20);
    await expect.poll(() => logged, { timeout: 10_000 }).toContainEqual(expect.objectContaining({ table: 'public.churn' }));
    await maintenance.stop();
  });
});
