import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as tar from 'tar';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase, type Database } from '../db/open.js';
import { likes, questions, users } from '../db/schema/index.js';
import { createThrowawayPostgres } from '../db/throwaway.js';

/** The connection URL of a throw-away PostgreSQL database. */
const urlOf = (database: Database) => {
  if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return database.url;
};
import { cliMain } from '../cli.js';
import { postgresDumpFlags } from './backup.js';
import { TWO_FACTOR_KEY_FILE } from '../features/twoFactor/service.js';
import { DEMO_PASSWORD } from './demo.js';

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, io: { out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) } };
}

const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-backup-test-'));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Everything a person would miss after a restore: accounts, answers, likes, pictures. */
async function contentsOf(database: Database) {
  const people = await database.db
    .select({ id: users.id, username: users.username, photoUrl: users.photoUrl, role: users.role })
    .from(users)
    .orderBy(users.username);
  const [answered] = await database.db.select({ n: count() }).from(questions).where(eq(questions.answered, true));
  const [liked] = await database.db.select({ n: count() }).from(likes);
  const answers = await database.db.select({ id: questions.id, answer: questions.answer }).from(questions).orderBy(questions.id);
  return { people, answered: answered!.n, likes: liked!.n, answers };
}

/** Starts the app on the restored data: every picture is served and a demo person signs in. */
async function checkServed(database: Database, dataDir: string, expected: Awaited<ReturnType<typeof contentsOf>>) {
  await migrateDatabase(database);
  expect(await contentsOf(database)).toEqual(expected);
  const app = await buildApp(testConfig({ webDistDir: '/nonexistent', dataDir }), database);
  try {
    await app.ready();
    for (const person of expected.people) {
      const picture = await app.inject({ method: 'GET', url: person.photoUrl! });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana_lima@demo.askbox.local', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  } finally {
    await app.close();
  }
}

async function archiveEntries(file: string): Promise<string[]> {
  const entries: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => entries.push(entry.path) });
  return entries;
}

describe('backup and restore on the embedded database', () => {
  it('round trip: backup, wipe DATA_DIR, restore, start: every account, answer, like and picture is there', async () => {
    const dataDir = path.join(tmpDir(), 'data');
    const env = { DATA_DIR: dataDir };
    expect(await cliMain(['demo'], env, capture().io)).toBe(0);
    expect(await cliMain(['grant-admin', 'ana_lima'], env, capture().io)).toBe(0);
    // a rendered card is a cache: it stays out of the archive
    fs.mkdirSync(path.join(dataDir, 'media/cards/x/y/light-en'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media/cards/x/y/light-en/0.png'), 'cache');
    // the two-factor key generated into DATA_DIR (no TWO_FACTOR_KEY): sealed secrets open only with it
    const twoFactorKey = `${'ab'.repeat(32)}\n`;
    fs.writeFileSync(path.join(dataDir, TWO_FACTOR_KEY_FILE), twoFactorKey, { mode: 0o600 });

    const before = await openDatabase({ dataDir });
    const expected = await contentsOf(before);
    await before.close();
    expect(expected.people).toHaveLength(12);
    expect(expected.people.find((p) => p.username === 'ana_lima')!.role).toBe('admin');

    const file = path.join(tmpDir(), 'askbox.tar.gz');
    // while the server holds DATA_DIR the backup refuses instead of copying a database in motion
    fs.writeFileSync(path.join(dataDir, 'askbox.lock'), String(process.ppid));
    const refused = capture();
    expect(await cliMain(['backup', file], env, refused.io)).toBe(1);
    expect(refused.errors[0]).toContain('Stop that process first');
    expect(fs.existsSync(file)).toBe(false);
    fs.rmSync(path.join(dataDir, 'askbox.lock'));

    const made = capture();
    expect(await cliMain(['backup', file], env, made.io)).toBe(0);
    expect(made.lines[0]).toContain('Backup written to');
    const entries = await archiveEntries(file);
    expect(entries).toContain('manifest.json');
    expect(entries).toContain('database.tar');
    expect(entries.some((e) => e.startsWith('media/users/'))).toBe(true);
    expect(entries.some((e) => e.includes('cards'))).toBe(false);
    expect(entries).toContain(TWO_FACTOR_KEY_FILE);
    // never overwrites
    expect(await cliMain(['backup', file], env, capture().io)).toBe(1);

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = capture();
    expect(await cliMain(['restore', file], env, restored.io)).toBe(0);
    expect(restored.lines[0]).toContain('Restored');
    expect(fs.readFileSync(path.join(dataDir, TWO_FACTOR_KEY_FILE), 'utf8')).toBe(twoFactorKey);
    // a second restore would mix two instances: refused
    const again = capture();
    expect(await cliMain(['restore', file], env, again.io)).toBe(1);
    expect(again.errors[0]).toContain('restore only into an empty DATA_DIR');

    const after = await openDatabase({ dataDir });
    try {
      await checkServed(after, dataDir, expected);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('refuses a file that is not a backup, and "restore <username>" still restores an account', async () => {
    const junk = path.join(tmpDir(), 'junk.tar.gz');
    fs.writeFileSync(junk, 'not an archive');
    const out = capture();
    expect(await cliMain(['restore', junk], { DATA_DIR: tmpDir() }, out.io)).toBe(1);
    expect(out.errors[0]).toContain('is not an Askbox backup');
    const account = capture();
    expect(await cliMain(['restore', 'nobody'], { DATA_DIR: tmpDir() }, account.io)).toBe(1);
    expect(account.errors[0]).toBe('No user named "nobody".');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  it('the archive holds the pictures and the pg_dump instructions; pg_dump, wipe, pg_restore and restore bring everything back', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const source = await createThrowawayPostgres(serverUrl, 'askbox_backup');
    const dataDir = path.join(tmpDir(), 'data');
    const dump = path.join(tmpDir(), 'askbox.pgdump');
    const file = path.join(tmpDir(), 'askbox.tar.gz');
    let expected;
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: urlOf(source) };
      expect(await cliMain(['demo'], env, capture().io)).toBe(0);
      expected = await contentsOf(source);
      const made = capture();
      expect(await cliMain(['backup', file], env, made.io)).toBe(0);
      expect(made.lines.join('\n')).toContain('pg_dump --format=custom');
      expect(made.lines.join('\n')).toContain('pg_restore --no-owner');
      const entries = await archiveEntries(file);
      expect(entries).toContain('POSTGRESQL.txt');
      expect(entries).not.toContain('database.tar');
      expect(entries.some((e) => e.startsWith('media/users/'))).toBe(true);
      // the operator follows the printed instructions
      execFileSync('pg_dump', ['--format=custom', ...postgresDumpFlags, `--file=${dump}`, urlOf(source)]);
    } finally {
      await source.drop();
    }

    fs.rmSync(dataDir, { recursive: true, force: true });
    const target = await createThrowawayPostgres(serverUrl, 'askbox_restored');
    try {
      execFileSync('pg_restore', ['--no-owner', `--dbname=${urlOf(target)}`, dump]);
      const restored = capture();
      expect(await cliMain(['restore', file], { DATA_DIR: dataDir, DATABASE_URL: urlOf(target) }, restored.io)).toBe(0);
      await checkServed(target, dataDir, expected);
    } finally {
      await target.drop();
    }
  }, 120_000);
});
