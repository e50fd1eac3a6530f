import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { insertFollow } from '../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';

/** Input PostgreSQL would refuse gets a 400 from one place, whatever the route. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpUser(t.app);
  bob = await signUpUser(t.app);
});
afterAll(() => t.close());

const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('control characters', () => {
  it('are refused with a 400 in bodies, path segments and queries of any route', async () => {
    const as = apiAs(t.app, alice);
    const cases = [
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { email: 'n\u0000l@example.test', username: 'nul', fullname: 'N', password: 'a long passphrase', repeatPassword: 'a long passphrase' },
        }),
      () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@example.test', password: 'whatever1' } }),
      () => as.post(`/api/users/${bob.username}/questions`, { text: 'hi\u0000there', isAnonymous: true }),
      () => as.patch('/api/me/profile', { fullname: 'Alice\u0000', bio: '', website: '' }),
      () => as.get('/api/users/a%00b'),
      () => as.post('/api/users/a%00b/follow'),
      () => as.get('/api/users/search?q=%00'),
      () => as.get('/api/feed?cursor=%00'),
      () => as.post('/api/questions/x%00y/answer', { answer: 'ok' }),
      () => as.post('/api/push/subscriptions', { endpoint: 'https://push.example/\u0000', keys: { p256dh: 'x', auth: 'y' } }),
      () => t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' }),
    ];
    for (const send of cases) {
      const response = await send();
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error?.message ?? response.body).toMatch(/not allowed|not valid/);
    }
  });

  it('lets line breaks and tabs through in posts', async () => {
    const response = await apiAs(t.app, alice).post(`/api/users/${bob.username}/questions`, { text: 'line one\n\tline two', isAnonymous: true });
    expect(response.statusCode).toBe(201);
  });

  it('counts invisible-only text as blank, with the field named', async () => {
    const response = await apiAs(t.app, alice).post(`/api/users/${bob.username}/questions`, { text: ' \u200b\u200d\u2060\ufeff ', isAnonymous: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Question is required');
  });

  it('counts length in code points: 300 emoji fit, 301 do not', async () => {
    const as = apiAs(t.app, alice);
    expect((await as.post(`/api/users/${bob.username}/questions`, { text: '😀'.repeat(300), isAnonymous: true })).statusCode).toBe(201);
    const over = await as.post(`/api/users/${bob.username}/questions`, { text: '😀'.repeat(301), isAnonymous: true });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('Question must be at most 300 characters');
  });
});

describe('cursors', () => {
  it.each(['2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T00:00:00Z'])(
    'refuses a cursor that is not a real instant or id (%s) with a 400',
    async (at) => {
      // the last case is a real date with a NUL in the id
      const id = at.startsWith('2026-01-01T00') ? 'x\u0000' : 'x';
      const response = await apiAs(t.app, alice).get(`/api/feed?cursor=${cursorOf(`${at}|${id}`)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_cursor');
    },
  );

  it('accepts 29 February of a leap year', async () => {
    const response = await apiAs(t.app, alice).get(`/api/feed?cursor=${cursorOf('2024-02-29T10:00:00.123456Z|x')}`);
    expect(response.statusCode).toBe(200);
  });
});

describe('followers lists', () => {
  it('page through every follower, beyond the old cap of 500', async () => {
    const star = await signUpUser(t.app);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const fans = Array.from({ length: 520 }, (_, i) => ({
      id: `fan${i}_${star.id}`,
      email: `fan${i}_${star.id}@example.test`,
      username: `fan${i}_${star.username}`.slice(0, 30),
      fullname: `Fan ${i}`,
      passwordHash: 'x',
    }));
    await t.ctx.db.insert(users).values(fans);
    // half of them in the same instant: the cursor's id breaks the tie
    for (const [i, fan] of fans.entries()) await insertFollow(t.ctx.db, fan.id, star.id, new Date(base + (i % 2 === 0 ? 0 : i * 1000)));
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const response = await apiAs(t.app, alice).get(`/api/users/${star.username}/followers${cursor ? `?cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(11);
    expect(new Set(seen).size).toBe(520);
    expect(seen.length).toBe(520);
  });
});
