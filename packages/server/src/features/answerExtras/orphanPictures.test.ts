import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orphanPictures, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { sweepOrphanPictures } from './service.js';

/**
 * An answer picture's files go with its question or answer however the row goes: the receiver
 * deleting it, a block of its asker, a moderator, an inbox emptied, the sender's or the
 * receiver's account deleted (by trigger or cascade). Every such row queues its picture
 * (orphan_pictures) and the email worker's sweep deletes the files.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();

async function upload(user: TestUser, questionId: string) {
  const boundary = '----orphan-picture';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    await picture(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/questions/${questionId}/picture`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().url as string;
}

/** The answer picture files stored for `userId` (every width). */
const pictureFiles = (userId: string) => {
  const dir = path.join(t.ctx.config.dataDir, 'media', 'users', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('answer-')) : [];
};

/** A receiver holding a question from `asker` (anonymous unless told) with a picture stored for its answer, and, when `answered`, answered with it. */
async function questionWithPicture(asker: TestUser, receiver: TestUser, options: { isAnonymous?: boolean; answered?: boolean } = {}) {
  const asked = await apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text: 'Show me?', isAnonymous: options.isAnonymous ?? true });
  const id = asked.json().id as string;
  await upload(receiver, id);
  if (options.answered)
    expect((await apiAs(t.app, receiver).post(`/api/questions/${id}/answer`, { answer: 'Here.', picture: { alt: 'A sunset' } })).statusCode).toBe(204);
  expect(pictureFiles(receiver.id).length).toBeGreaterThan(0);
  return id;
}

/** Runs the sweep as the email worker would, until the queue is empty. */
async function sweep() {
  while ((await sweepOrphanPictures(t.ctx.db, t.ctx.config)) > 0);
  expect(await t.ctx.db.select().from(orphanPictures)).toEqual([]);
}

describe("an answer picture's files go with its question, however it goes", () => {
  it('when the receiver blocks its anonymous asker', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await questionWithPicture(asker, receiver);
    expect((await apiAs(t.app, receiver).post(`/api/questions/${id}/block-asker`)).statusCode).toBeLessThan(300);
    await sweep();
    expect(pictureFiles(receiver.id)).toEqual([]);
  });

  it("when a moderator blocks its sender everywhere from the receiver's report", async () => {
    const [receiver, asker, moderator] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await t.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    const id = await questionWithPicture(asker, receiver);
    expect((await apiAs(t.app, receiver).post('/api/reports', { kind: 'question', target: id, reason: 'spam' })).statusCode).toBe(200);
    const [report] = (await apiAs(t.app, moderator).get('/api/admin/reports')).json().items as { id: string }[];
    expect((await apiAs(t.app, moderator).post(`/api/admin/reports/${report!.id}/block-sender`)).statusCode).toBe(200);
    await sweep();
    expect(pictureFiles(receiver.id)).toEqual([]);
  });

  it('when the receiver empties their inbox', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    await questionWithPicture(asker, receiver);
    const [newest] = (await apiAs(t.app, receiver).get('/api/me/inbox')).json().items as { id: string; createdAt: string }[];
    const query = new URLSearchParams({ filter: 'all', q: '', throughId: newest!.id, throughAt: newest!.createdAt });
    expect((await apiAs(t.app, receiver).delete(`/api/me/inbox?${query}`)).json()).toEqual({ count: 1 });
    await sweep();
    expect(pictureFiles(receiver.id)).toEqual([]);
  });

  it('when the receiver blocked the named sender, and the sender then deletes their account', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    await questionWithPicture(asker, receiver, { isAnonymous: false });
    await apiAs(t.app, receiver).post(`/api/users/${asker.username}/block`);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: asker.cookie }, payload: { password: 'correct horse' } })).statusCode,
    ).toBe(204);
    await sweep();
    expect(pictureFiles(receiver.id)).toEqual([]);
  });

  it('when the receiver deletes their account, answered or not; and at once when they delete the question', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    await questionWithPicture(asker, receiver, { answered: true });
    await questionWithPicture(asker, receiver);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: receiver.cookie }, payload: { password: 'correct horse' } })).statusCode,
    ).toBe(204);
    await sweep();
    expect(pictureFiles(receiver.id)).toEqual([]);

    const other = await signUpUser(t.app);
    const id = await questionWithPicture(asker, other, { answered: true });
    expect((await apiAs(t.app, other).delete(`/api/questions/${id}`)).statusCode).toBe(204);
    // deleted at once, and off the queue: nothing left for the sweep
    expect(pictureFiles(other.id)).toEqual([]);
    expect(await t.ctx.db.select().from(orphanPictures)).toEqual([]);
  });

  it('when a picture is replaced before the answer is sent: the first one goes, the second stays with its answer', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await questionWithPicture(asker, receiver);
    const first = pictureFiles(receiver.id);
    await upload(receiver, id);
    await sweep();
    const left = pictureFiles(receiver.id);
    expect(left.length).toBe(first.length);
    expect(left.some((file) => first.includes(file))).toBe(false);
    expect((await apiAs(t.app, receiver).post(`/api/questions/${id}/answer`, { answer: 'Here.', picture: { alt: 'A sunset' } })).statusCode).toBe(204);
    await sweep();
    expect(pictureFiles(receiver.id)).toEqual(left);
  });
});
