import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { en } from '@askbox/common';
import { follows, likes, questions, sessions, users } from '../db/schema/index.js';
import { openDatabase } from '../db/open.js';
import { apiAs, createTestApp, openTestDatabase, signUpUser, type TestApp } from '../test/harness.js';
import { cliMain } from '../cli.js';
import { databaseCommands, runCommand } from './commands.js';
import { CliError } from './io.js';
import { DEMO_PASSWORD } from './demo.js';

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, io: { out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) } };
}

const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-cli-'));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('user commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const run = (command: string, ...args: string[]) => runCommand(t.ctx, capture().io, command, args);
  const userRow = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;

  it('grant-admin gives the admin endpoints and isAdmin; revoke-admin takes them away', async () => {
    const ops = await signUpUser(t.app, { username: 'ops' });
    const send = () => apiAs(t.app, ops).post('/api/admin/global-question', { text: 'Hi?' });
    expect((await send()).statusCode).toBe(403);

    await run('grant-admin', 'ops');
    expect((await userRow('ops')).role).toBe('admin');
    expect((await apiAs(t.app, ops).get('/api/me')).json().user.isAdmin).toBe(true);
    expect((await send()).statusCode).toBe(200);

    await run('revoke-admin', '@OPS');
    expect((await userRow('ops')).role).toBe('user');
    expect((await send()).statusCode).toBe(403);
  });

  it('set-badge and clear-badge change the badge shown on the profile', async () => {
    await signUpUser(t.app, { username: 'star' });
    await run('set-badge', 'star', en.popularUser);
    expect((await userRow('star')).badge).toBe('Popular user');
    await run('clear-badge', 'star');
    expect((await userRow('star')).badge).toBe('');
  });

  it.each([
    [['grant-admin'], 'Missing <username>'],
    [['grant-admin', 'ghost'], 'No user named "ghost".'],
    [['set-badge', 'ghost', 'Popular user'], 'No user named "ghost".'],
    [['set-badge', 'star'], 'Missing badge text'],
    [['set-badge', 'star', 'x'.repeat(41)], 'at most 40 characters'],
    [['create-user', '--email', 'a@b.test'], en.errors.username_required],
    [['create-user', 'positional'], 'Unexpected argument "positional"'],
    [['create-user', '--nickname', 'x'], 'Unknown option --nickname'],
    [['launch-rockets'], 'Unknown command "launch-rockets"'],
  ])('refuses %j with a clear message', async (argv, message) => {
    const [command, ...args] = argv as [string, ...string[]];
    const error = await runCommand(t.ctx, capture().io, command, args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain(message);
  });

  it('create-user applies the sign-up rules and hashing; the account can log in; no session is left behind', async () => {
    await run('create-user', '--email', 'Op@Example.test', '--username', 'operator', '--fullname', 'The Operator', '--password=long enough pw');
    const row = await userRow('operator');
    expect(row).toMatchObject({ email: 'op@example.test', fullname: 'The Operator', role: 'user' });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'op@example.test', password: 'long enough pw' } });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'Bad-Name' }, en.errors.username_characters],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ email: 'nope' }, en.errors.email_invalid],
    [{ username: 'operator' }, en.errors.username_taken],
    [{ email: 'op@example.test', username: 'other_op' }, en.errors.email_taken],
  ])('create-user refuses %j with the sign-up message', async (over, message) => {
    const fields = { email: 'fresh@example.test', username: 'fresh_op', fullname: 'Fresh', password: 'long enough pw', ...over };
    const args = Object.entries(fields).flatMap(([k, v]) => [`--${k}`, v]);
    await expect(runCommand(t.ctx, capture().io, 'create-user', args)).rejects.toThrow(message);
  });
});

describe('demo', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tmpDir();
    t = await createTestApp({ dataDir });
  });
  afterAll(() => t.close());

  it('fills an empty database with users with avatars on disk, follows, answered and unanswered questions and likes', async () => {
    const { io, lines } = capture();
    await runCommand(t.ctx, io, 'demo', []);
    const all = await t.ctx.db.select().from(users);
    expect(all).toHaveLength(12);
    for (const user of all) {
      expect(user.photoUrl).toMatch(new RegExp(`^/media/users/${user.id}/profile-\\d+-400\\.jpg$`));
      const file = path.join(dataDir, user.photoUrl!);
      expect(fs.readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG
    }
    const [f] = await t.ctx.db.select({ n: count() }).from(follows);
    const [answered] = await t.ctx.db.select({ n: count() }).from(questions).where(eq(questions.answered, true));
    const [open] = await t.ctx.db.select({ n: count() }).from(questions).where(eq(questions.answered, false));
    const [l] = await t.ctx.db.select({ n: count() }).from(likes);
    expect(f!.n).toBeGreaterThan(0);
    expect(answered!.n).toBeGreaterThan(0);
    expect(open!.n).toBeGreaterThan(0);
    expect(l!.n).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
    // the demo leaves a usable admin, and says who
    expect(all.filter((u) => u.role === 'admin').map((u) => u.username)).toEqual(['ana_lima']);
    expect(lines.join('\n')).toContain("@ana_lima is the admin ('Admin Features' in Settings)");

    // a demo user signs in and sees a feed-worthy profile
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana_lima@demo.askbox.local', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a database that already has users, and changes nothing', async () => {
    await expect(runCommand(t.ctx, capture().io, 'demo', [])).rejects.toThrow('only fills an empty database');
    expect(await t.ctx.db.select({ id: users.id }).from(users)).toHaveLength(12);
  });
});

describe('cliMain (the program)', () => {
  it('help lists every command and exits 0 without touching a database', async () => {
    const { io, lines } = capture();
    expect(await cliMain(['help'], { DATA_DIR: '/nonexistent/never-created' }, io)).toBe(0);
    // each command once, at the start of its entry, the database commands and backup alike
    const entries = lines[0]!.split('\n').flatMap((line) => /^ {2}([a-z-]+)\b/.exec(line)?.[1] ?? []);
    expect(entries.sort()).toEqual(['backup', 'help', ...databaseCommands].sort());
    // and which need the server stopped, in a STOP column it explains (help.test.ts holds it to the truth)
    expect(lines[0]).toMatch(/STOP says whether the server must be stopped before the command/);
    expect(fs.existsSync('/nonexistent/never-created')).toBe(false);
  });

  it('an unknown command exits 2 with the help', async () => {
    const { io, errors } = capture();
    expect(await cliMain(['frobnicate'], {}, io)).toBe(2);
    expect(errors[0]).toContain('Unknown command "frobnicate"');
  });

  it('says clearly that the server holds the embedded database, and exits 1', async () => {
    const dataDir = tmpDir();
    // another live process (the test runner) holds the lock, like a running server would
    fs.writeFileSync(path.join(dataDir, 'askbox.lock'), String(process.ppid));
    const { io, errors } = capture();
    expect(await cliMain(['grant-admin', 'someone'], { DATA_DIR: dataDir }, io)).toBe(1);
    expect(errors[0]).toContain('already in use by another Askbox process');
    expect(errors[0]).toContain('Stop that process first');
  });

  it('reports invalid settings readably', async () => {
    const { io, errors } = capture();
    expect(await cliMain(['demo'], { DATA_DIR: tmpDir(), PORT: 'not-a-port' }, io)).toBe(1);
    expect(errors[0]).toContain('Invalid configuration');
  });

  it('opens, migrates and changes the configured database (embedded, or PostgreSQL with TEST_DATABASE_URL), then releases it', async () => {
    const dataDir = tmpDir();
    const target = process.env.TEST_DATABASE_URL ? await openTestDatabase() : null;
    const env = { DATA_DIR: dataDir, ...(target?.kind === 'postgres' ? { DATABASE_URL: target.url } : {}) };
    try {
      const created = capture();
      const args = ['create-user', '--email', 'root@example.test', '--username', 'first_op', '--fullname', 'Root', '--password', 'long enough pw'];
      expect(await cliMain(args, env, created.io)).toBe(0);
      expect(await cliMain(['grant-admin', 'first_op'], env, capture().io)).toBe(0);
      expect(await cliMain(['set-badge', 'first_op', 'Popular user'], env, capture().io)).toBe(0);

      const failed = capture();
      expect(await cliMain(['grant-admin', 'nobody'], env, failed.io)).toBe(1);
      expect(failed.errors[0]).toBe('No user named "nobody".');

      // the lock was released: the database opens again and holds the changes
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
      try {
        const [root] = await database.db.select().from(users).where(eq(users.username, 'first_op'));
        expect(root).toMatchObject({ role: 'admin', badge: 'Popular user', email: 'root@example.test' });
      } finally {
        await database.close();
      }
    } finally {
      await target?.drop();
    }
  });
});
