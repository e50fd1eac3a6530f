import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { hashPassword } from '../features/auth/password.js';
import { MigrationError, migrateDatabase, migrationsFolder } from './migrate.js';
import { drizzleOverPglite, pgliteExtensions } from './open.js';
import { queryRows } from './sql.js';
import { createThrowawayPostgres, type DroppableDatabase } from './throwaway.js';

interface Journal {
  entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
}

const folders: string[] = [];
let database: DroppableDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
  folders.splice(0).forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
});

async function emptyDatabase(): Promise<DroppableDatabase> {
  if (process.env.TEST_DATABASE_URL) return createThrowawayPostgres(process.env.TEST_DATABASE_URL, 'askbox_upgrade');
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const close = () => pglite.close();
  return { kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close, drop: close };
}

/** A copy of the migrations folder whose journal is changed by `edit` (older releases, a broken one). */
function migrationsCopy(edit: (journal: Journal, folder: string) => void): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-upgrade-'));
  folders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const file = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
  edit(journal, folder);
  fs.writeFileSync(file, JSON.stringify(journal));
  return folder;
}

const tableShape = (db: DroppableDatabase) =>
  queryRows<{ table_name: string; column_name: string }>(
    db.db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by 1, 2`,
  );

describe('upgrading', () => {
  it(
    'from the first released schema with data in it: every account, follow, question, answer and like is there and counted',
    { timeout: 240_000 },
    async () => {
      // the first release: the extensions and the initial tables, nothing after
      const first = migrationsCopy((journal) => {
        journal.entries = journal.entries.filter((entry) => entry.idx <= 1);
      });
      database = await emptyDatabase();
      await migrateDatabase(database, undefined, first);

      const hash = await hashPassword('long enough pw');
      await database.db.execute(sql`
      insert into users (id, email, username, fullname, password_hash, bio, role) values
        ('u-ana', 'ana@example.test', 'ana', 'Ana', ${hash}, 'Early adopter', 'admin'),
        ('u-ben', 'ben@example.test', 'ben', 'Ben', ${hash}, '', 'user'),
        ('u-cleo', 'cleo@example.test', 'cleo', 'Cléo', ${hash}, '', 'user')`);
      await database.db.execute(sql`insert into follows (follower_id, followee_id) values ('u-ben', 'u-ana'), ('u-cleo', 'u-ana'), ('u-ana', 'u-ben')`);
      await database.db.execute(sql`
      insert into questions (id, sender_id, receiver_id, text, is_anonymous, answered, answer, answered_at, created_at) values
        ('q-1', 'u-ben', 'u-ana', 'First question ever?', true, true, 'Yes, the very first.', now() - interval '1 day', now() - interval '2 days'),
        ('q-2', 'u-cleo', 'u-ana', 'Named question?', false, true, 'Answered by name.', now() - interval '1 hour', now() - interval '3 hours'),
        ('q-3', 'u-ana', 'u-ben', 'Still waiting?', true, false, null, null, now())`);
      await database.db.execute(sql`insert into likes (user_id, question_id) values ('u-ben', 'q-1'), ('u-cleo', 'q-1'), ('u-ben', 'q-2')`);

      await migrateDatabase(database);

      const app = await buildApp(testConfig({ webDistDir: '/nonexistent' }), database);
      try {
        await app.ready();
        const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ben@example.test', password: 'long enough pw' } });
        expect(login.statusCode).toBe(200);
        const cookie = login.headers['set-cookie'];
        const headers = { cookie: Array.isArray(cookie) ? cookie.join('; ') : cookie! };

        const me = await app.inject({ method: 'GET', url: '/api/me', headers });
        expect(me.json().user).toMatchObject({ username: 'ben' });
        const profile = (await app.inject({ method: 'GET', url: '/api/users/ana', headers })).json();
        expect(JSON.stringify(profile)).toContain('Early adopter');
        const answers = (await app.inject({ method: 'GET', url: '/api/users/ana/answers', headers })).json();
        const texts = JSON.stringify(answers);
        expect(texts).toContain('Yes, the very first.');
        expect(texts).toContain('Answered by name.');
        // counters added by later migrations were filled from the rows that were there
        expect(profile.counts).toEqual({ answers: 2, followings: 1, followers: 2, likes: 3 });
        const items = (answers as { items: { id: string; likeCount: number; likedByViewer: boolean; sender: { username: string } | null }[] }).items;
        expect(items.map((item) => [item.id, item.likeCount, item.likedByViewer, item.sender?.username ?? null])).toEqual([
          ['q-2', 1, true, 'cleo'],
          ['q-1', 2, true, null],
        ]);
        // the admin stays admin
        const admin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana@example.test', password: 'long enough pw' } });
        const adminCookie = admin.headers['set-cookie'];
        const adminMe = await app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { cookie: Array.isArray(adminCookie) ? adminCookie.join('; ') : adminCookie! },
        });
        expect(adminMe.json().user.isAdmin).toBe(true);
      } finally {
        await app.close();
      }
    },
  );

  it('a migration that fails leaves the database as it was, and says which one failed and why', { timeout: 240_000 }, async () => {
    database = await emptyDatabase();
    await migrateDatabase(database);
    await database.db.execute(sql`insert into users (id, email, username, fullname, password_hash) values ('u-1', 'one@example.test', 'one', 'One', 'x')`);
    const shapeBefore = await tableShape(database);
    const appliedBefore = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);

    // two new migrations: the first one works, the second fails half-way
    const broken = migrationsCopy((journal, folder) => {
      const last = journal.entries.at(-1)!;
      const add = (tag: string, body: string, step: number) => {
        fs.writeFileSync(path.join(folder, `${tag}.sql`), body);
        journal.entries.push({ ...last, idx: last.idx + step, when: last.when + step, tag });
      };
      add('9998_works', 'ALTER TABLE "users" ADD COLUMN "upgrade_probe" integer;', 1);
      add('9999_breaks', 'UPDATE "users" SET "username" = \'changed\';--> statement-breakpoint\nSELECT 1 / 0;', 2);
    });
    const failure = await migrateDatabase(database, undefined, broken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    const message = (failure as MigrationError).message;
    expect(message).toContain('Upgrading the database failed (migrations 9998_works, 9999_breaks): division by zero.');
    expect(message).toContain('the database is as it was before this start, and Askbox did not start');

    expect(await tableShape(database)).toEqual(shapeBefore);
    expect(await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual(appliedBefore);
    expect(await queryRows(database.db, sql`select username from users`)).toEqual([{ username: 'one' }]);
    // and the released migrations still find nothing to do
    await migrateDatabase(database);
  });
});
