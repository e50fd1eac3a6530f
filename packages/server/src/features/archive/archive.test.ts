import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountImport, ArchiveDocument } from '@askbox/common';
import { movableClock } from '../../clock.js';
import { accountImports, questions } from '../../db/schema/index.js';
import { createStorage } from '../../storage/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { WORLD_TIME, answersOf, buildArchiveWorld, uploadArchive as upload } from '../../test/archiveWorld.js';
import { unpackArchive } from './format.js';

const clock = () => movableClock(new Date(WORLD_TIME.getTime() + 86_400_000));
let one: TestApp;
let two: TestApp;
let other: TestApp;
let archive: Buffer;
/** The account the archive was made of, in the first world. */
let moverThere: TestUser;

/** The archive's bytes as Settings downloads them. */
async function download(t: TestApp, user: TestUser): Promise<Buffer> {
  const response = await apiAs(t.app, user).get('/api/me/archive');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/gzip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="askbox-mover-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
  return response.rawPayload;
}

/** Uploads, lets the worker run, and returns the finished import. */
async function importAndWait(t: TestApp, user: TestUser, bytes: Buffer): Promise<AccountImport> {
  const response = await upload(t, user, bytes);
  expect(response.statusCode, response.body).toBe(202);
  await t.ctx.archiveImports.kick();
  const latest = (await apiAs(t.app, user).get('/api/me/imports/latest')).json<{ import: AccountImport }>().import;
  expect(latest.status).toBe('done');
  return latest;
}

beforeAll(async () => {
  [one, two, other] = await Promise.all([createTestApp({}, { clock: clock() }), createTestApp({}, { clock: clock() }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close(), other?.close()]);
});

describe('the account archive', () => {
  it('holds the answers with their dates, warning and picture, named askers as text, and the follows; nothing unanswered', async () => {
    ({ owner: moverThere } = await buildArchiveWorld(one, ['a', 'b']));
    archive = await download(one, moverThere);
    const { document, pictures } = await unpackArchive(archive);
    expect(document).toMatchObject({ format: 'askbox-archive', version: 1, profile: { username: 'mover', fullname: 'The mover' } });
    const host = new URL(one.ctx.config.publicUrl).host;
    expect(document.answers.map((a) => [a.question, a.asker])).toEqual([
      ['What is your favourite film?', null],
      ['Tea or coffee?', null],
      ['Named: hello?', { name: 'The named_asker', handle: `@named_asker@${host}` }],
      ['To everyone', null],
    ]);
    const [film] = document.answers as [ArchiveDocument['answers'][number]];
    expect(film).toMatchObject({ askedAt: '2026-03-01T10:01:00.000Z', answeredAt: '2026-03-01T10:31:00.000Z', contentWarning: 'film talk' });
    expect(film.picture).toMatchObject({ path: `pictures/answers/${film.id}.jpg`, alt: 'a red rectangle', width: 64, height: 48 });
    const [stored] = await one.ctx.db.select({ url: questions.pictureUrl }).from(questions).where(eq(questions.id, film.id));
    const storage = createStorage(one.ctx.config);
    expect(pictures.get(film.picture!.path)!.equals((await storage.get(storage.keyOf(stored!.url!)!))!)).toBe(true);
    expect(document.following).toEqual([{ name: 'The named_asker', handle: `@named_asker@${host}`, actorUri: null, since: '2026-03-01T10:06:00.000Z' }]);
  });

  it('is byte for byte the same whoever sent the anonymous questions (two senders or one)', async () => {
    const { owner } = await buildArchiveWorld(two, ['a', 'a']);
    const same = await download(two, owner);
    expect(same.equals(archive)).toBe(true);
  });
});

describe('importing an archive on another instance', () => {
  let mover: TestUser;

  it('adds the answers with their dates, warnings and picture bytes; anonymous stays anonymous, named askers stay text', async () => {
    // someone here took the named asker's name: the imported question is not theirs
    const namesake = await signUpUser(other.app, { username: 'named_asker' });
    mover = await signUpUser(other.app, { username: 'moved_here' });
    const done = await importAndWait(other, mover, archive);
    expect(done).toMatchObject({ itemsTotal: 4, itemsDone: 4, added: 4, error: null });
    expect(done.following.map((f) => f.name)).toEqual(['The named_asker']);

    const source = await answersOf(one, moverThere.id);
    const imported = await answersOf(other, mover.id);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ sender_id: _s, asker_name: _n, asker_handle: _h, is_anonymous: _a, ...row }) => row);
    expect(strip(imported)).toEqual(strip(source));
    for (const row of imported) expect(row).toMatchObject({ sender_id: null, is_anonymous: true });
    expect(imported.find((row) => row.text === 'Named: hello?')).toMatchObject({
      asker_name: 'The named_asker',
      asker_handle: expect.stringMatching(/^@named_asker@/),
    });
    expect(await other.ctx.db.select().from(questions).where(eq(questions.senderId, namesake.id))).toEqual([]);

    // the picture is the same file, byte for byte
    const [film] = await other.ctx.db.select().from(questions).where(eq(questions.text, 'What is your favourite film?'));
    const storage = createStorage(other.ctx.config);
    const { pictures } = await unpackArchive(archive);
    const original = [...pictures.values()][0]!;
    expect((await storage.get(storage.keyOf(film!.pictureUrl!)!))!.equals(original)).toBe(true);
  });

  it('the archive of the world with one anonymous sender leaves the same rows as the one with two', async () => {
    const secondMover = await signUpUser(other.app, { username: 'second_mover' });
    await importAndWait(other, secondMover, await download(two, await logIn(two, 'mover')));
    expect(await answersOf(other, secondMover.id)).toEqual(await answersOf(other, mover.id));
  });

  it('importing the same archive twice adds nothing the second time', async () => {
    const again = await importAndWait(other, mover, archive);
    expect(again).toMatchObject({ itemsDone: 4, added: 0 });
    expect(await answersOf(other, mover.id)).toHaveLength(4);
    // the file is not kept once the import has ended
    const rows = await other.ctx.db.select({ archive: accountImports.archive }).from(accountImports).where(eq(accountImports.userId, mover.id));
    expect(rows.map((row) => row.archive)).toEqual([null, null]);
  });
});

/** A new session of an account of a world (buildArchiveWorld's addresses and password). */
async function logIn(t: TestApp, username: string): Promise<TestUser> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `${username}@example.test`, password: 'correct horse' } });
  const cookie = response.cookies.find((c) => c.name === 'askbox_session');
  if (!cookie) throw new Error(`login failed: ${response.body}`);
  const { user } = response.json<{ user: { id: string } }>();
  return { id: user.id, username, email: `${username}@example.test`, fullname: `The ${username}`, cookie: `askbox_session=${cookie.value}` };
}
