import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_UNPACKED_BYTES, type AccountImport, type ArchiveDocument } from '@askbox/common';
import { accountImports, questions } from '../../db/schema/index.js';
import { createStorage } from '../../storage/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { testPicture, uploadArchive } from '../../test/archiveWorld.js';
import { packArchive } from './format.js';
import { runImportPass } from './importArchive.js';
import { createImportWorker } from './worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // this file runs the import passes itself: the server's own worker is stopped, as a crashed server's would be
  await t.ctx.archiveImports.stop();
});
afterAll(() => t?.close());

/** A valid archive document with `answers` answers (the third with a picture). */
function documentWith(answers: number): ArchiveDocument {
  return {
    format: 'askbox-archive',
    version: 1,
    exportedAt: '2026-03-02T00:00:00.000Z',
    source: { instance: 'https://old.example', handle: '@mover@old.example' },
    profile: { username: 'mover', fullname: 'Mo', bio: '', website: '', createdAt: '2025-01-01T00:00:00.000Z', avatar: null, cover: null },
    answers: Array.from({ length: answers }, (_, i) => ({
      id: `answer-${i}`,
      question: `Question ${i}?`,
      asker: null,
      askedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      answer: `Answer ${i}`,
      answeredAt: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString(),
      contentWarning: null,
      picture: i === 2 ? { path: `pictures/answers/answer-${i}.jpg`, alt: 'red', width: 64, height: 48 } : null,
    })),
    following: [{ name: 'Friend', handle: '@friend@old.example', actorUri: 'https://old.example/ap/actors/f1', since: '2025-06-01T00:00:00.000Z' }],
  };
}

async function archiveOf(document: { answers: unknown; [field: string]: unknown }, extra: { path: string; data: Buffer }[] = []): Promise<Buffer> {
  const withPicture = Array.isArray(document.answers) && (document.answers as ArchiveDocument['answers']).some((a) => a.picture);
  const pictures = withPicture ? [{ path: 'pictures/answers/answer-2.jpg', data: await testPicture() }] : [];
  return packArchive([{ path: 'archive.json', data: Buffer.from(JSON.stringify(document)) }, ...pictures, ...extra]);
}

const refusal = async (user: TestUser, bytes: Buffer) => {
  const response = await uploadArchive(t, user, bytes);
  return { status: response.statusCode, code: response.json<{ error: { code: string } }>().error.code };
};

describe('refusals, each with its own code and nothing kept', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpUser(t.app);
  });

  it('refuses what is not an archive', async () => {
    const malformed = { status: 400, code: 'archive_malformed' };
    expect(await refusal(user, Buffer.from('not an archive at all'))).toEqual(malformed);
    expect(await refusal(user, zlib.gzipSync(Buffer.from('a gzip file that holds no tar')))).toEqual(malformed);
    expect(await refusal(user, packArchive([{ path: 'pictures/avatar.jpg', data: Buffer.from('x') }]))).toEqual(malformed);
    expect(await refusal(user, packArchive([{ path: 'archive.json', data: Buffer.from('{ not json') }]))).toEqual(malformed);
    expect(await refusal(user, await archiveOf({ ...documentWith(1), answers: [{ id: 'x' }] }))).toEqual(malformed);
    // a picture named but missing, and a file nothing names at a path the format does not have
    const { answers, ...rest } = documentWith(3);
    expect(await refusal(user, packArchive([{ path: 'archive.json', data: Buffer.from(JSON.stringify({ ...rest, answers })) }]))).toEqual(malformed);
    expect(await refusal(user, await archiveOf(documentWith(1), [{ path: '../../etc/passwd', data: Buffer.from('x') }]))).toEqual(malformed);
  });

  it('refuses a newer format version by its number', async () => {
    expect(await refusal(user, await archiveOf({ ...documentWith(1), version: 2, answers: 'a shape this server does not know' }))).toEqual({
      status: 400,
      code: 'archive_version_unsupported',
    });
  });

  it('refuses a file over the limit, and one whose contents would unpack past theirs', async () => {
    expect(await refusal(user, Buffer.alloc(MAX_ARCHIVE_BYTES + 1, 1))).toEqual({ status: 413, code: 'archive_too_large' });
    // a header that announces more than the unpacked limit: refused at the header, nothing unpacked
    const header = Buffer.alloc(512);
    new tar.Header({ path: 'archive.json', mode: 0o644, size: MAX_ARCHIVE_UNPACKED_BYTES + 1, mtime: new Date(0), type: 'File' }).encode(header, 0);
    expect(await refusal(user, zlib.gzipSync(Buffer.concat([header, Buffer.alloc(4096)])))).toEqual({ status: 413, code: 'archive_too_large' });
    expect(await t.ctx.db.select().from(accountImports).where(eq(accountImports.userId, user.id))).toEqual([]);
  });
});

describe('the import job', () => {
  const latest = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/imports/latest')).json<{ import: AccountImport | null }>().import;
  const count = async (user: TestUser) => (await t.ctx.db.select().from(questions).where(eq(questions.receiverId, user.id))).length;

  it('takes one import at a time, shows its progress, and resumes after its worker stopped half-way', async () => {
    const user = await signUpUser(t.app);
    expect(await latest(user)).toBeNull();
    const bytes = await archiveOf(documentWith(5));
    const response = await uploadArchive(t, user, bytes);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ status: 'queued', itemsTotal: 5, itemsDone: 0, following: [{ handle: '@friend@old.example' }] });
    expect(await refusal(user, bytes)).toEqual({ status: 409, code: 'import_in_progress' });

    // a worker adds three answers (the third with its picture), then its server stops while it holds the job
    expect(await runImportPass(t.ctx, 3)).toBe(1);
    await t.ctx.db
      .update(accountImports)
      .set({ claimedUntil: sql`now() + interval '1 hour'` })
      .where(eq(accountImports.userId, user.id));
    expect(await latest(user)).toMatchObject({ status: 'running', itemsDone: 3, itemsTotal: 5 });
    expect(await count(user)).toBe(3);
    // while its lease holds, nobody else takes the job
    expect(await runImportPass(t.ctx)).toBe(0);

    // the lease passes; a new server's worker takes the job up where it stopped
    await t.ctx.db
      .update(accountImports)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(accountImports.userId, user.id));
    const restarted = createImportWorker(t.ctx, t.app.log);
    await restarted.kick();
    await restarted.stop();
    expect(await latest(user)).toMatchObject({ status: 'done', itemsDone: 5, added: 5, error: null });
    expect(await count(user)).toBe(5);
  });

  it('a worker that died after adding an answer but before counting it adds it once', async () => {
    const user = await signUpUser(t.app);
    expect((await uploadArchive(t, user, await archiveOf(documentWith(4)))).statusCode).toBe(202);
    await runImportPass(t.ctx, 2);
    // the progress rolled back to before the second answer, as if the worker died between the two
    await t.ctx.db.update(accountImports).set({ itemsDone: 1, added: 1, claimedUntil: null }).where(eq(accountImports.userId, user.id));
    await runImportPass(t.ctx);
    expect(await latest(user)).toMatchObject({ status: 'done', itemsDone: 4, added: 3 });
    expect(await count(user)).toBe(4);
  });

  it('re-encodes an archived picture that is not in Askbox’s stored form: its metadata is gone', async () => {
    const user = await signUpUser(t.app);
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00aa55' } })
      .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
      .jpeg()
      .toBuffer();
    const document = documentWith(3);
    const bytes = packArchive([
      { path: 'archive.json', data: Buffer.from(JSON.stringify(document)) },
      { path: 'pictures/answers/answer-2.jpg', data: withExif },
    ]);
    expect((await uploadArchive(t, user, bytes)).statusCode).toBe(202);
    await runImportPass(t.ctx);
    const [row] = await t.ctx.db
      .select()
      .from(questions)
      .where(and(eq(questions.receiverId, user.id), isNotNull(questions.pictureUrl)));
    const storage = createStorage(t.ctx.config);
    const stored = (await storage.get(storage.keyOf(row!.pictureUrl!)!))!;
    expect(stored.equals(withExif)).toBe(false);
    expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });
});
