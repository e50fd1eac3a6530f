import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { en } from '@askbox/common';
import { users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-media-'));
  t = await createTestApp({
    dataDir,
    rateLimits: { loginPerAccountPer15Min: 1000, signupPerHour: 1000, loginPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 4 },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/users/:username', () => {
  it('returns the public profile with exact counters and the viewer state, never the email', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Olive Owner' });
    const viewer = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await insertFollow(t.ctx.db, viewer.id, owner.id);
    await insertFollow(t.ctx.db, other.id, owner.id);
    await insertFollow(t.ctx.db, owner.id, other.id);
    // two answered questions (one liked twice) and one unanswered question
    await t.ctx.db.execute(sql`insert into questions (id, sender_id, receiver_id, text, answered, answer, answered_at) values
      ('q1', ${viewer.id}, ${owner.id}, 'a?', true, 'yes', now()),
      ('q2', ${viewer.id}, ${owner.id}, 'b?', true, 'no', now()),
      ('q3', ${viewer.id}, ${owner.id}, 'c?', false, null, null)`);
    await t.ctx.db.execute(sql`insert into likes (user_id, question_id) values (${viewer.id}, 'q1'), (${other.id}, 'q1'), (${other.id}, 'q2')`);

    const res = await apiAs(t.app, viewer).get(`/api/users/${owner.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: owner.id,
        username: owner.username,
        fullname: 'Olive Owner',
        photoURL: '/images/default-avatar.svg',
        coverURL: null,
        badge: '',
        bio: '',
        website: '',
        refusesAnonymousQuestions: false,
        publicProfile: false,
        movedTo: null,
      },
      counts: { answers: 2, followings: 1, followers: 2, likes: 3 },
      viewer: { isSelf: false, isFollowing: true, blockedByViewer: false, askRefusal: null },
    });
    expect(res.body).not.toContain(owner.email);
    const own = await apiAs(t.app, owner).get(`/api/users/${owner.username}`);
    expect(own.json().viewer).toEqual({ isSelf: true, isFollowing: false, blockedByViewer: false, askRefusal: null });
  });

  it("says before typing the refusal a question would meet: a paused inbox for everyone, 'Who may ask me' for those it leaves out, never a quiet rule", async () => {
    const owner = await signUpUser(t.app);
    const [followed, stranger, quietlyBlocked] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, owner.id, followed.id);
    const refusalFor = async (viewer: TestUser) => (await apiAs(t.app, viewer).get(`/api/users/${owner.username}`)).json().viewer.askRefusal as string | null;
    // a muted word and a quiet block of an anonymous asker are never said
    expect((await apiAs(t.app, quietlyBlocked).post(`/api/users/${owner.username}/questions`, { text: 'earlier', isAnonymous: true })).statusCode).toBe(201);
    const earlier = (await apiAs(t.app, owner).get('/api/me/inbox')).json().items[0].id as string;
    expect((await apiAs(t.app, owner).post(`/api/questions/${earlier}/block-asker`)).statusCode).toBeLessThan(300);
    expect((await apiAs(t.app, owner).post('/api/me/muted-words', { word: 'pineapple' })).statusCode).toBe(200);
    for (const viewer of [followed, stranger, quietlyBlocked]) expect(await refusalFor(viewer)).toBeNull();

    expect((await apiAs(t.app, owner).patch('/api/me/settings', { whoMayAsk: 'following' })).statusCode).toBe(200);
    expect(await refusalFor(followed)).toBeNull();
    expect(await refusalFor(stranger)).toBe('asker_not_allowed');
    // the same as the ask's own refusal
    const asked = await apiAs(t.app, stranger).post(`/api/users/${owner.username}/questions`, { text: 'may I?', isAnonymous: true });
    expect(asked.json().error.code).toBe('asker_not_allowed');

    expect((await apiAs(t.app, owner).patch('/api/me/settings', { inboxPaused: true })).statusCode).toBe(200);
    for (const viewer of [followed, stranger, quietlyBlocked]) expect(await refusalFor(viewer)).toBe('inbox_paused');
    expect((await apiAs(t.app, owner).get(`/api/users/${owner.username}`)).json().viewer.askRefusal).toBeNull();
  });

  it('gives a viewer who was blocked a 403 blocked_by_user with no profile data', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Secret Name' });
    const viewer = await signUpUser(t.app);
    await insertBlock(t.ctx.db, owner.id, viewer.id);
    const res = await apiAs(t.app, viewer).get(`/api/users/${owner.username}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'blocked_by_user', message: en.blockedByThemText } });
    expect(res.body).not.toContain('Secret Name');
    expect(res.body).not.toContain(owner.id);
  });

  it('tells a viewer who blocked the user so the screen can offer to unblock', async () => {
    const owner = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    await insertBlock(t.ctx.db, viewer.id, owner.id);
    const res = await apiAs(t.app, viewer).get(`/api/users/${owner.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer.blockedByViewer).toBe(true);
  });

  it('answers 404 for an unknown user and 401 when signed out', async () => {
    const viewer = await signUpUser(t.app);
    const unknown = await apiAs(t.app, viewer).get('/api/users/no_such_user_zz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(en.userNotFound);
    expect((await apiAs(t.app, null).get(`/api/users/${viewer.username}`)).statusCode).toBe(401);
  });
});

describe('GET /api/mentions', () => {
  it('names the mentioned people whose profile opens: not unknown names, not suspended accounts', async () => {
    const [viewer, bob, gone] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, gone.id));
    const res = await apiAs(t.app, viewer).get(`/api/mentions?usernames=${bob.username.toUpperCase()},nobody_here_at_all,${gone.username},${bob.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ usernames: [bob.username] });
    expect((await apiAs(t.app, viewer).get('/api/mentions?usernames=')).json()).toEqual({ usernames: [] });
    expect((await apiAs(t.app, null).get(`/api/mentions?usernames=${bob.username}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/me/profile', () => {
  it('updates full name, bio and website', async () => {
    const user = await signUpUser(t.app);
    const res = await apiAs(t.app, user).patch('/api/me/profile', { fullname: '  New Name ', bio: 'Hello there', website: 'https://example.org/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ fullname: 'New Name', bio: 'Hello there', website: 'https://example.org/me', username: user.username });
    const empty = await apiAs(t.app, user).patch('/api/me/profile', { fullname: 'New Name', bio: '', website: '' });
    expect(empty.json().user.website).toBe('');
  });

  it.each([
    [{ website: 'javascript:alert(1)' }, en.errors.website_invalid],
    [{ website: 'ftp://example.org' }, en.errors.website_invalid],
    [{ website: 'example' }, en.errors.website_invalid],
    [{ fullname: '  ' }, en.errors.fullname_required],
    [{ bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
  ])('refuses %j and changes nothing', async (over, message) => {
    const user = await signUpUser(t.app, { fullname: 'Kept Name' });
    const res = await apiAs(t.app, user).patch('/api/me/profile', { fullname: 'Other', bio: 'b', website: '', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.fullname).toBe('Kept Name');
  });

  it('cannot change the username or anything else', async () => {
    const user = await signUpUser(t.app);
    const res = await apiAs(t.app, user).patch('/api/me/profile', { fullname: 'A', bio: '', website: '', username: 'hijack', badge: 'star', role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: user.username, badge: '', isAdmin: false });
  });
});

function multipart(bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file') {
  const boundary = '----askboxtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (user: TestUser, url: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });

const pngWithExif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .jpeg()
    .toBuffer();

const mediaFiles = (userId: string) => {
  const dir = path.join(dataDir, 'media', 'users', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('avatar and cover uploads', () => {
  it('re-encodes the avatar as a 400×400 JPEG without metadata, serves it and deletes the old one', async () => {
    const user = await signUpUser(t.app);
    const input = await pngWithExif(1200, 900);
    expect(input.includes(Buffer.from('secret-exif-marker'))).toBe(true);
    // the name and declared type lie: the bytes decide
    const first = await upload(user, '/api/me/avatar', multipart(input, 'notes.txt', 'text/plain'));
    expect(first.statusCode).toBe(200);
    const url1: string = first.json().user.photoURL;
    expect(url1).toMatch(new RegExp(`^/media/users/${user.id}/profile-\\d+-400\\.jpg$`));
    // a 96 px copy for small slots, made at upload
    const small = await t.app.inject({ method: 'GET', url: url1.replace('-400.jpg', '-96.jpg') });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(96);

    const served = await t.app.inject({ method: 'GET', url: url1 });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 400]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);

    const profile = await apiAs(t.app, user).get(`/api/users/${user.username}`);
    expect(profile.json().user.photoURL).toBe(url1);

    await new Promise((resolve) => setTimeout(resolve, 5)); // a later timestamp for the next key
    const second = await upload(
      user,
      '/api/me/avatar',
      multipart(
        await sharp({ create: { width: 50, height: 50, channels: 4, background: '#00ff0080' } })
          .png()
          .toBuffer(),
      ),
    );
    expect(second.statusCode).toBe(200);
    const url2: string = second.json().user.photoURL;
    expect(url2).not.toBe(url1);
    expect(mediaFiles(user.id).sort()).toEqual([path.basename(url2), path.basename(url2).replace('-400.jpg', '-96.jpg')].sort());
    expect((await t.app.inject({ method: 'GET', url: url1 })).statusCode).toBe(404);
  });

  it('resizes the cover to 1500×500', async () => {
    const user = await signUpUser(t.app);
    const res = await upload(
      user,
      '/api/me/cover',
      multipart(
        await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123456' } })
          .webp()
          .toBuffer(),
        'c.webp',
        'image/webp',
      ),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.coverURL;
    expect(url).toMatch(/\/cover-\d+-1500\.jpg$/);
    const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1500, 500]);
  });

  it('refuses a non-image (even named .jpg) with a clear message and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const res = await upload(
      user,
      '/api/me/avatar',
      multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg> not really an image'), 'x.jpg', 'image/jpeg'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(en.errors.invalid_image);
    const truncated = await upload(user, '/api/me/avatar', multipart((await pngWithExif(300, 300)).subarray(0, 200)));
    expect(truncated.statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.photoUrl).toBeNull();
    expect(mediaFiles(user.id)).toEqual([]);
  });

  it('refuses a file over 5 MB with a clear message and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(user, '/api/me/avatar', multipart(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(en.errors.file_too_large);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.photoUrl).toBeNull();
  });

  it('accepts an image of several megabytes (above the JSON body limit)', async () => {
    const user = await signUpUser(t.app);
    const noise = Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, (_, i) => (i * 7919) % 251));
    const png = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(user, '/api/me/avatar', multipart(png, 'big.png', 'image/png'));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a request without a file', async () => {
    const user = await signUpUser(t.app);
    const res = await upload(user, '/api/me/avatar', multipart(await pngWithExif(10, 10), 'a.jpg', 'image/jpeg', 'other'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(en.errors.no_file);
    const json = await apiAs(t.app, user).post('/api/me/avatar', { file: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('rate-limits uploads per user', async () => {
    const user = await signUpUser(t.app);
    const image = await pngWithExif(20, 20);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await upload(user, '/api/me/cover', multipart(image))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('does not serve paths outside the media keys', async () => {
    for (const url of ['/media/../pglite/PG_VERSION', '/media/users/x/secret.txt', '/media/%2e%2e/%2e%2e/etc/passwd']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
