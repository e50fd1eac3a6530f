import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_CONTENT_WARNING_LENGTH, MAX_PICTURE_ALT_LENGTH } from '@askbox/common';
import { insertFollow } from '../../test/fixtures.js';
import { answerHead } from '../sharing/views.js';
import { publicAnswer, publicUserByUsername } from '../visibility/index.js';
import { testFederation } from '../../test/federatedApp.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/**
 * What an answer carries besides its text: a content warning (decision 315) and one picture with
 * alt text (decision 316), as the app, the public pages, the Atom feed and ActivityPub show them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ federation: testFederation });
});
afterAll(() => t.close());

const ask = async (from: TestUser, to: TestUser, text: string) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous: true })).json().id as string;
const answer = (by: TestUser, id: string, body: Record<string, unknown>) => apiAs(t.app, by).post(`/api/questions/${id}/answer`, body);
const feedOf = async (viewer: TestUser) => (await apiAs(t.app, viewer).get('/api/feed')).json().items as Record<string, unknown>[];
const noteOf = async (id: string) => (await t.app.inject({ url: `/ap/answers/${id}`, headers: { accept: 'application/activity+json' } })).json();

function multipart(bytes: Buffer) {
  const boundary = '----answer-picture';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadPicture = (user: TestUser, questionId: string, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/questions/${questionId}/picture`,
    ...multipart(bytes),
    headers: { ...multipart(bytes).headers, cookie: user.cookie },
  });
const photoWithExif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .jpeg()
    .toBuffer();
const mediaFiles = (userId: string) => {
  const dir = path.join(t.ctx.config.dataDir, 'media', 'users', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('answer-')) : [];
};

async function publicOwnerWithFollower() {
  const [owner, follower, asker] = [await signUpUser(t.app, { fullname: 'Olive Owner' }), await signUpUser(t.app), await signUpUser(t.app)];
  await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true });
  await insertFollow(t.ctx.db, follower.id, owner.id);
  return { owner, follower, asker };
}

describe('content warning on an answer', () => {
  it('is stored, returned in the feed, on the profile and pinned; blank means none; too long is refused', async () => {
    const { owner, follower, asker } = await publicOwnerWithFollower();
    const warned = await ask(asker, owner, 'How did the film end?');
    const plain = await ask(asker, owner, 'Tea or coffee?');
    const long = await ask(asker, owner, 'Tell me more');
    expect((await answer(owner, warned, { answer: 'Everyone dies.', contentWarning: '  Spoilers: the ending  ' })).statusCode).toBe(204);
    expect((await answer(owner, plain, { answer: 'Tea.', contentWarning: '   ' })).statusCode).toBe(204);
    const refused = await answer(owner, long, { answer: 'No.', contentWarning: 'x'.repeat(MAX_CONTENT_WARNING_LENGTH + 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'content_warning_too_long', params: { max: MAX_CONTENT_WARNING_LENGTH } });
    const multiline = await answer(owner, long, { answer: 'No.', contentWarning: 'two\nlines' });
    expect(multiline.json().error.code).toBe('invalid_characters');

    const byId = (items: Record<string, unknown>[]) => Object.fromEntries(items.map((item) => [item.id, item]));
    const feed = byId(await feedOf(follower));
    expect(feed[warned]).toMatchObject({ answer: 'Everyone dies.', contentWarning: 'Spoilers: the ending', picture: null });
    expect(feed[plain]).toMatchObject({ contentWarning: null, picture: null });
    const profile = byId((await apiAs(t.app, follower).get(`/api/users/${owner.username}/answers`)).json().items);
    expect(profile[warned]).toMatchObject({ contentWarning: 'Spoilers: the ending' });
    await apiAs(t.app, owner).put(`/api/answers/${warned}/pin`);
    const [pinned] = (await apiAs(t.app, follower).get(`/api/users/${owner.username}/answers/pinned`)).json().items;
    expect(pinned).toMatchObject({ id: warned, contentWarning: 'Spoilers: the ending' });
  });

  it('goes to the fediverse as the summary with sensitive, winning over the question as content warning', async () => {
    const { owner, asker } = await publicOwnerWithFollower();
    const warned = await ask(asker, owner, 'How did the film end?');
    const plain = await ask(asker, owner, 'Tea or coffee?');
    await answer(owner, warned, { answer: 'Everyone dies.', contentWarning: 'Spoilers' });
    await answer(owner, plain, { answer: 'Tea.' });

    const warnedNote = await noteOf(warned);
    expect(warnedNote.summary).toBe('Spoilers');
    expect(warnedNote.sensitive).toBe(true);
    // the question, no longer the summary, is quoted in the content, behind the warning with the answer
    expect(warnedNote.content).toContain('How did the film end?');
    expect(warnedNote.content).toContain('Everyone dies.');
    // without a warning of its own, 'question as content warning' (on by default) is as before
    const plainNote = await noteOf(plain);
    expect(plainNote.summary).toBe('Tea or coffee?');
    expect(plainNote.sensitive).toBeUndefined();
    expect(plainNote.attachment).toBeUndefined();
  });

  it('is the Atom entry summary (content kept), and link previews show it instead of the answer', async () => {
    const { owner, asker } = await publicOwnerWithFollower();
    const warned = await ask(asker, owner, 'How did the film end?');
    await answer(owner, warned, { answer: 'Everyone dies in the secret ending.', contentWarning: 'Spoilers' });
    const feed = (await t.app.inject({ url: `/u/${owner.username}/feed.atom` })).body;
    expect(feed).toContain('<summary type="text">Content warning: Spoilers</summary>');
    expect(feed).toContain('Everyone dies in the secret ending.');

    const user = (await publicUserByUsername(t.ctx.db, owner.username))!;
    const head = answerHead('https://askbox.example', user, (await publicAnswer(t.ctx.db, owner.id, warned))!, 'https://askbox.example/ap/actor');
    expect(head).toContain('content="Content warning: Spoilers"');
    expect(head).not.toContain('secret ending');
    // the answer's card shows its text: a warned answer's preview shows the profile picture instead
    expect(head).not.toContain('/cards/');
  });
});

describe('a picture with alt text on an answer', () => {
  it('is re-encoded without EXIF at upload, needs its alt text, and is shown in the feed, ActivityPub and Atom', async () => {
    const { owner, follower, asker } = await publicOwnerWithFollower();
    const id = await ask(asker, owner, 'Show me your cat');
    const input = await photoWithExif(1600, 1000);
    const uploaded = await uploadPicture(owner, id, input);
    expect(uploaded.statusCode).toBe(200);
    const stored = uploaded.json();
    expect(stored).toEqual({ url: expect.stringMatching(new RegExp(`^/media/users/${owner.id}/answer-\\d+-1200\\.jpg$`)), width: 1200, height: 750 });
    const served = await t.app.inject({ url: stored.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1200, 750, undefined]);
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect(mediaFiles(owner.id)).toHaveLength(2); // 1200 and 600 wide, made at upload

    // not shown anywhere before the answer is sent
    expect((await feedOf(follower)).find((item) => item.id === id)).toBeUndefined();
    const noAlt = await answer(owner, id, { answer: 'Here she is.', picture: { alt: '  ' } });
    expect(noAlt.json().error.code).toBe('picture_alt_required');
    const longAlt = await answer(owner, id, { answer: 'Here she is.', picture: { alt: 'a'.repeat(MAX_PICTURE_ALT_LENGTH + 1) } });
    expect(longAlt.json().error).toMatchObject({ code: 'picture_alt_too_long', params: { max: MAX_PICTURE_ALT_LENGTH } });
    expect((await answer(owner, id, { answer: 'Here she is.', picture: { alt: 'A grey cat asleep on a blue sofa' } })).statusCode).toBe(204);

    const [shown] = (await feedOf(follower)).filter((item) => item.id === id);
    expect(shown!.picture).toEqual({ url: stored.url, alt: 'A grey cat asleep on a blue sofa', width: 1200, height: 750 });

    const note = await noteOf(id);
    expect(note.attachment).toMatchObject({ type: 'Image', mediaType: 'image/jpeg', name: 'A grey cat asleep on a blue sofa', width: 1200, height: 750 });
    expect(note.attachment.url).toBe(`${t.ctx.config.publicUrl}${stored.url}`);

    const atom = (await t.app.inject({ url: `/u/${owner.username}/feed.atom` })).body;
    expect(atom).toContain(`&lt;img src=&quot;${t.ctx.config.publicUrl}${stored.url}&quot; alt=&quot;A grey cat asleep on a blue sofa&quot;`);

    // removed with the answer, every width
    expect((await apiAs(t.app, owner).delete(`/api/questions/${id}`)).statusCode).toBe(204);
    expect(mediaFiles(owner.id)).toEqual([]);
    expect((await t.app.inject({ url: stored.url })).statusCode).toBe(404);
  });

  it('is replaced by a new upload, dropped by an answer without it, and only its receiver may add one', async () => {
    const { owner, asker } = await publicOwnerWithFollower();
    const id = await ask(asker, owner, 'Any picture?');
    expect((await uploadPicture(asker, id, await photoWithExif(100, 100))).statusCode).toBe(404);
    const first = (await uploadPicture(owner, id, await photoWithExif(300, 600))).json();
    expect(first).toMatchObject({ width: 300, height: 600 }); // never enlarged, proportions kept
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later timestamp for the next key
    const second = (await uploadPicture(owner, id, await photoWithExif(400, 200))).json();
    expect(mediaFiles(owner.id).every((name) => second.url.includes(name.replace(/-\d+\.jpg$/, '')))).toBe(true);
    expect((await apiAs(t.app, owner).delete(`/api/questions/${id}/picture`)).statusCode).toBe(204);
    expect(mediaFiles(owner.id)).toEqual([]);
    // an alt text without a stored picture: the picture did not arrive
    expect((await answer(owner, id, { answer: 'No.', picture: { alt: 'x' } })).json().error.code).toBe('picture_missing');
    await uploadPicture(owner, id, await photoWithExif(100, 100));
    expect((await answer(owner, id, { answer: 'No picture after all.' })).statusCode).toBe(204);
    expect(mediaFiles(owner.id)).toEqual([]);
    expect((await uploadPicture(owner, id, await photoWithExif(100, 100))).json().error.code).toBe('already_answered');
  });
});
