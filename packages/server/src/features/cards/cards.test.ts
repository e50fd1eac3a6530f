import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { publicAnswerCard, type CardRenderer } from './service.js';
import { renderCard } from './render.js';

/** Answer cards over real HTTP: the page's tags point at a PNG of the right size, private profiles have none, the cache follows the answer. */
let t: TestApp;
let dataDir: string;
const origin = 'https://askbox.example';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-cards-'));
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Askbox</title>\n  </head>\n  <body></body>\n</html>\n',
  );
  t = await createTestApp({ webDistDir: webDir, publicUrl: origin, dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const makePublic = (user: TestUser, on = true) => apiAs(t.app, user).patch('/api/me/settings', { publicProfile: on });
const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).json().id as string;
const answer = (by: TestUser, id: string, text: string) => apiAs(t.app, by).post(`/api/questions/${id}/answer`, { answer: text });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const cardsOf = (owner: TestUser, id: string) => path.join(dataDir, 'media', 'cards', owner.id, id);
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png')) : [];

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const metaContent = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1] ?? null;

describe('a public answer', () => {
  it('links a 1200×630 PNG card as og:image, with its size, its text as alt, and a large Twitter card', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Card Owner' });
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const id = await ask(asker, owner, 'Café or thé?');
    await answer(owner, id, 'Thé, always 🍵');

    const html = (await get(`/u/${owner.username}/answers/${id}`)).body;
    const image = metaContent(html, 'og:image')!;
    expect(image).toBe(`${origin}/u/${owner.username}/answers/${id}/cards/link-light.png`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:alt')).toBe('Anonymous: “Café or thé?” — Card Owner: Thé, always 🍵');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(image);

    const card = await get(image.slice(origin.length));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(pngSize(card.rawPayload)).toEqual({ width: 1200, height: 630 });
    const story = await get(`/u/${owner.username}/answers/${id}/cards/story-dark.png`);
    expect(pngSize(story.rawPayload)).toEqual({ width: 1080, height: 1920 });
  });

  it('is served from the cache, re-rendered when the name changes, and its cards go with the answer', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Before' });
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const id = await ask(asker, owner, 'Cache me?');
    await answer(owner, id, 'If you can.');
    const url = `/u/${owner.username}/answers/${id}/cards/link-dark.png`;

    const first = await get(url);
    const [stored] = filesUnder(cardsOf(owner, id));
    expect(stored).toMatch(/^link-dark\/[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(cardsOf(owner, id), stored!))).toEqual(first.rawPayload);
    expect((await get(url)).rawPayload).toEqual(first.rawPayload);

    await apiAs(t.app, owner).patch('/api/me/profile', { fullname: 'After', bio: '', website: '' });
    const renamed = await get(url);
    expect(renamed.rawPayload).not.toEqual(first.rawPayload);
    // the older render of the same variant is gone
    expect(filesUnder(cardsOf(owner, id))).toHaveLength(1);
    expect(filesUnder(cardsOf(owner, id))[0]).not.toBe(stored);

    expect((await apiAs(t.app, owner).delete(`/api/questions/${id}`)).statusCode).toBeLessThan(300);
    expect(fs.existsSync(cardsOf(owner, id))).toBe(false);
    // its last answer gone, the owner's folder goes too
    expect(fs.existsSync(path.join(dataDir, 'media', 'cards', owner.id))).toBe(false);
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe("the owner's picture", () => {
  it('is drawn from the storage, and a new picture gives a new card', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const id = await ask(asker, owner, 'Nice picture?');
    await answer(owner, id, 'Thanks.');
    const url = `/u/${owner.username}/answers/${id}/cards/link-light.png`;
    const before = (await get(url)).rawPayload;

    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .jpeg()
      .toBuffer();
    const boundary = '----cardtest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner.cookie },
    });
    expect(uploaded.statusCode).toBeLessThan(300);

    const after = (await get(url)).rawPayload;
    expect(after).not.toEqual(before);
    // the middle of the avatar (padding 48, a 56 px circle in a 60 px header) is the picture's colour
    const { data, info } = await sharp(after).raw().toBuffer({ resolveWithObject: true });
    const at = (76 * info.width + 76) * info.channels;
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    expect(Math.abs(r - 200) + Math.abs(g - 40) + Math.abs(b - 90)).toBeLessThan(40);
  });
});

describe('removal', () => {
  it("takes a moderator-deleted answer's cards, and all of a deleted account's", async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    await makePublic(owner);
    const [reported, kept] = [await ask(asker, owner, 'Reported?'), await ask(asker, owner, 'Kept?')];
    await answer(owner, reported, 'Something reportable.');
    await answer(owner, kept, 'Something fine.');
    for (const id of [reported, kept]) expect((await get(`/u/${owner.username}/answers/${id}/cards/link-light.png`)).statusCode).toBe(200);

    expect((await apiAs(t.app, asker).post('/api/reports', { kind: 'answer', target: reported, reason: 'spam' })).statusCode).toBeLessThan(300);
    const [row] = await t.ctx.db.select().from(reports).where(eq(reports.targetId, reported));
    expect((await apiAs(t.app, admin).post(`/api/admin/reports/${row!.id}/resolve`, { action: 'delete' })).statusCode).toBe(200);
    expect(fs.existsSync(cardsOf(owner, reported))).toBe(false);
    expect(filesUnder(cardsOf(owner, kept))).toHaveLength(1);

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: owner.cookie }, payload: { password: 'correct horse' } });
    expect(gone.statusCode).toBe(204);
    expect(fs.existsSync(path.join(dataDir, 'media', 'cards', owner.id))).toBe(false);
  });
});

describe('a private profile', () => {
  it('has no card URL: the same 404 as a missing answer; its owner alone may download their card', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    const id = await ask(asker, owner, 'Private?');
    await answer(owner, id, 'Yes.');

    const privateCard = await get(`/u/${owner.username}/answers/${id}/cards/link-light.png`);
    const missing = await get(`/u/${owner.username}/answers/no-such-answer/cards/link-light.png`);
    expect(privateCard.statusCode).toBe(404);
    expect(privateCard.body).toBe(missing.body);
    expect(filesUnder(cardsOf(owner, id))).toEqual([]);

    const own = await apiAs(t.app, owner).get(`/api/me/answers/${id}/cards/story-light.png`);
    expect(own.statusCode).toBe(200);
    expect(pngSize(own.rawPayload)).toEqual({ width: 1080, height: 1920 });
    // still nothing public
    expect((await get(`/u/${owner.username}/answers/${id}/cards/story-light.png`)).statusCode).toBe(404);
    // nobody else's
    expect((await apiAs(t.app, asker).get(`/api/me/answers/${id}/cards/story-light.png`)).statusCode).toBe(404);
    expect((await get(`/api/me/answers/${id}/cards/story-light.png`)).statusCode).toBe(401);
  });
});

describe('the renderer', () => {
  it('never receives anything about the sender of an anonymous question, even one with a public profile', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Receiver' });
    const asker = await signUpUser(t.app, { fullname: 'Secret Sender' });
    await makePublic(owner);
    await makePublic(asker);
    const anonymous = await ask(asker, owner, 'Guess who?', true);
    const named = await ask(asker, owner, 'It is me', false);
    await answer(owner, anonymous, 'No idea.');
    await answer(owner, named, 'Hello!');

    const seen: unknown[] = [];
    const spy: CardRenderer = async (content, format, theme) => {
      seen.push(content);
      return renderCard(content, format, theme);
    };
    await publicAnswerCard(t.ctx, owner.username, anonymous, { format: 'story', theme: 'light' }, spy);
    const given = JSON.stringify(seen);
    expect(seen).toHaveLength(1);
    expect(given).toContain('"asker":"Anonymous"');
    for (const secret of [asker.username, asker.id, asker.email, 'Secret Sender']) expect(given).not.toContain(secret);

    // the contrast: a named question from a public profile does show its @username
    await publicAnswerCard(t.ctx, owner.username, named, { format: 'story', theme: 'light' }, spy);
    expect(JSON.stringify(seen[1])).toContain(`"asker":"@${asker.username}"`);
  });
});
