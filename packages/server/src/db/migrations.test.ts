import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import { migrateDatabase, migrationsFolder } from './migrate.js';
import { drizzleOverPglite, pgliteExtensions } from './open.js';
import { queryRows } from './sql.js';
import { createThrowawayPostgres, type DroppableDatabase } from './throwaway.js';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (folder: string) => (JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

describe('committed migrations', () => {
  it('are never edited: each file still has the hash recorded when it was committed (node scripts/record-migration-hashes.mjs records a new one)', () => {
    const recorded = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'hashes.json'), 'utf8')) as Record<string, string>;
    const files = fs.readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'));
    const actual = Object.fromEntries(
      files.map((file) => [
        file,
        crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(migrationsFolder, file)))
          .digest('hex'),
      ]),
    );
    expect(actual).toEqual(recorded);
  });

  it('are listed in the journal in the order they are applied (drizzle skips a migration older than the last one applied)', () => {
    const entries = journal(migrationsFolder);
    expect(entries.map((entry) => `${entry.tag}.sql`).sort()).toEqual(
      fs
        .readdirSync(migrationsFolder)
        .filter((name) => name.endsWith('.sql'))
        .sort(),
    );
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i]!.idx).toBeGreaterThan(entries[i - 1]!.idx);
      expect(entries[i]!.when).toBeGreaterThan(entries[i - 1]!.when);
    }
  });
});

describe('a database migrated before migration 0014 was edited', () => {
  let drifted: DroppableDatabase | undefined;
  let reference: DroppableDatabase | undefined;
  let folder = '';
  afterEach(async () => {
    await drifted?.drop();
    await reference?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function emptyDatabase(): Promise<DroppableDatabase> {
    if (process.env.TEST_DATABASE_URL) return createThrowawayPostgres(process.env.TEST_DATABASE_URL, 'askbox_drift');
    const pglite = await PGlite.create({ extensions: pgliteExtensions });
    const close = () => pglite.close();
    return { kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close, drop: close };
  }

  const functions = (database: DroppableDatabase) =>
    queryRows<{ name: string; definition: string }>(
      database.db,
      sql`select p.proname as name, pg_get_functiondef(p.oid) as definition from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname like 'askbox\\_%' order by 1`,
    );

  it('gets the same functions as every other database', { timeout: 240_000 }, async () => {
    // the migrations as they were released then: 0014's first version, nothing after 0016
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-drift-'));
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    fs.copyFileSync(path.join(import.meta.dirname, 'fixtures/0014-first-release.sql'), path.join(folder, '0014_question_references_per_statement.sql'));
    const journalFile = path.join(folder, 'meta/_journal.json');
    const released = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
    released.entries = released.entries.filter((entry) => entry.idx <= 16);
    fs.writeFileSync(journalFile, JSON.stringify(released));

    drifted = await emptyDatabase();
    await migrateDatabase(drifted, undefined, folder);
    reference = await openTestDatabase();
    const before = await functions(drifted);
    expect(before.map((f) => f.name)).toContain('askbox_lock_question_people');
    expect(before.find((f) => f.name === 'askbox_users_removed')?.definition).not.toContain('is_anonymous = true');

    await migrateDatabase(drifted);
    expect(await functions(drifted)).toEqual(await functions(reference));
  });
});
