import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInSession } from '@askbox/common';
import { testConfig } from '../../config.js';
import { pushSubscriptions, sessions } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { eventually, makeSubscriptionKeys, openEventStream } from '../../test/notificationFixtures.js';
import { deviceSummary } from './userAgent.js';
import { LAST_USED_EVERY_MINUTES } from './sessions.js';

/** Settings › Your sessions: the list, signing one device out, and all the others. */
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

let t: TestApp;
let origin: string;
let pat: TestUser;
beforeAll(async () => {
  // push endpoints on this machine are let through: a subscription is only saved here, never sent to
  t = await createTestApp({ push: { ...testConfig().push, allowPrivateAddresses: true } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  pat = await signUpUser(t.app, { username: 'pat_sessions', password: 'correct horse' });
});
afterAll(() => t.close());

/** Signs `user` in again, as another device with this User-Agent. */
async function signInOn(user: TestUser, userAgent: string): Promise<TestUser> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: 'correct horse' },
  });
  expect(response.statusCode).toBe(200);
  return { ...user, cookie: `askbox_session=${response.cookies.find((c) => c.name === 'askbox_session')!.value}` };
}
const listOf = async (user: TestUser): Promise<SignedInSession[]> => {
  const response = await apiAs(t.app, user).get('/api/me/sessions');
  expect(response.statusCode).toBe(200);
  return response.json<{ items: SignedInSession[] }>().items;
};
const stillSignedIn = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me')).json<{ user: unknown }>().user !== null;

describe('reading the User-Agent', () => {
  it.each([
    [FIREFOX_LINUX, 'Firefox', 'Linux'],
    [CHROME_ANDROID, 'Chrome', 'Android'],
    [SAFARI_IPHONE, 'Safari', 'iOS'],
    [EDGE_WINDOWS, 'Microsoft Edge', 'Windows'],
    [SAFARI_MAC, 'Safari', 'macOS'],
  ])('names the browser and system of %s', (userAgent, browser, os) => {
    expect(deviceSummary(userAgent)).toEqual({ browser, os });
  });

  it('names nothing it does not recognise, and keeps a forged header short', () => {
    expect(deviceSummary(undefined)).toEqual({ browser: null, os: null });
    expect(deviceSummary('')).toEqual({ browser: null, os: null });
    const forged = deviceSummary(`${'x'.repeat(500)}/1.0`);
    expect((forged.browser ?? '').length).toBeLessThanOrEqual(40);
    expect((forged.os ?? '').length).toBeLessThanOrEqual(40);
  });
});

describe('GET /api/me/sessions', () => {
  it('lists every device signed in, this one first and marked, named by a public id and never by the token hash', async () => {
    const owner = await signUpUser(t.app, { password: 'correct horse' });
    const laptop = await signInOn(owner, FIREFOX_LINUX);
    const phone = await signInOn(owner, CHROME_ANDROID);
    const items = await listOf(laptop);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ browser: 'Firefox', os: 'Linux', current: true });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.browser)).toContain('Chrome');
    const stored = await t.ctx.db.select({ id: sessions.id, publicId: sessions.publicId }).from(sessions).where(eq(sessions.userId, owner.id));
    for (const row of stored) {
      expect(items.map((s) => s.id)).toContain(row.publicId);
      expect(JSON.stringify(items)).not.toContain(row.id);
    }
    // the phone sees the same devices, itself first
    expect((await listOf(phone))[0]).toMatchObject({ browser: 'Chrome', os: 'Android', current: true });
  });

  it('is for the signed-in only', async () => {
    expect((await apiAs(t.app, null).get('/api/me/sessions')).statusCode).toBe(401);
  });

  it('moves the time of last use forward at most every few minutes, not on every request', async () => {
    const device = await signInOn(pat, SAFARI_MAC);
    const [mine] = (await listOf(device)).filter((s) => s.current);
    const lastUsed = async () => (await t.ctx.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.publicId, mine!.id)))[0]!.at.getTime();
    const first = await lastUsed();
    await apiAs(t.app, device).get('/api/me');
    expect(await lastUsed()).toBe(first);
    // an hour without use: the next request writes it once
    await t.ctx.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.publicId, mine!.id));
    const stale = await lastUsed();
    await apiAs(t.app, device).get('/api/me');
    const touched = await lastUsed();
    expect(touched).toBeGreaterThan(stale + (LAST_USED_EVERY_MINUTES - 1) * 60_000);
    await apiAs(t.app, device).get('/api/me');
    expect(await lastUsed()).toBe(touched);
  });
});

describe('DELETE /api/me/sessions/:id', () => {
  it('signs the device out at once: its cookie no longer works, its live stream closes and its push subscription goes; this device stays', async () => {
    const owner = await signUpUser(t.app, { password: 'correct horse' });
    const phone = await signInOn(owner, CHROME_ANDROID);
    const stream = openEventStream(`${origin}/api/events`, phone.cookie);
    expect(await stream.ready).toBe(200);
    const endpoint = `https://127.0.0.1:9/${crypto.randomUUID()}`;
    expect((await apiAs(t.app, phone).post('/api/push/subscriptions', { endpoint, keys: makeSubscriptionKeys().keys })).statusCode).toBe(204);
    const laptopEndpoint = `https://127.0.0.1:9/${crypto.randomUUID()}`;
    expect((await apiAs(t.app, owner).post('/api/push/subscriptions', { endpoint: laptopEndpoint, keys: makeSubscriptionKeys().keys })).statusCode).toBe(204);

    const phoneEntry = (await listOf(owner)).find((s) => s.browser === 'Chrome')!;
    const response = await apiAs(t.app, owner).delete(`/api/me/sessions/${phoneEntry.id}`);
    expect(response.statusCode).toBe(204);
    // the device that signed the other out keeps its cookie
    expect(response.cookies.find((c) => c.name === 'askbox_session')).toBeUndefined();

    expect(await stillSignedIn(phone)).toBe(false);
    expect((await apiAs(t.app, phone).get('/api/me/sessions')).statusCode).toBe(401);
    await eventually(() => stream.ended, "the signed-out device's live stream to end");
    const left = await t.ctx.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
    expect(left.map((s) => s.endpoint)).toEqual([laptopEndpoint]);

    expect(await stillSignedIn(owner)).toBe(true);
    expect((await listOf(owner)).map((s) => s.id)).not.toContain(phoneEntry.id);
  });

  it("answers 404 for another account's session, as for one that does not exist, and leaves it signed in", async () => {
    const other = await signUpUser(t.app, { password: 'correct horse' });
    const [theirs] = await listOf(other);
    const foreign = await apiAs(t.app, pat).delete(`/api/me/sessions/${theirs!.id}`);
    const missing = await apiAs(t.app, pat).delete(`/api/me/sessions/${crypto.randomUUID()}`);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(await stillSignedIn(other)).toBe(true);
  });

  it('signs this very device out when it names itself, and clears its cookie', async () => {
    const owner = await signUpUser(t.app, { password: 'correct horse' });
    const [mine] = await listOf(owner);
    const response = await apiAs(t.app, owner).delete(`/api/me/sessions/${mine!.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'askbox_session')?.value).toBe('');
    expect(await stillSignedIn(owner)).toBe(false);
  });
});

describe('POST /api/me/sessions/sign-out-others', () => {
  it('signs out every other device and keeps this one', async () => {
    const owner = await signUpUser(t.app, { password: 'correct horse' });
    const phone = await signInOn(owner, CHROME_ANDROID);
    const tablet = await signInOn(owner, SAFARI_IPHONE);
    const stream = openEventStream(`${origin}/api/events`, tablet.cookie);
    expect(await stream.ready).toBe(200);
    const response = await apiAs(t.app, owner).post('/api/me/sessions/sign-out-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(tablet)).toBe(false);
    await eventually(() => stream.ended, "the other device's live stream to end");
    expect(await stillSignedIn(owner)).toBe(true);
    const items = await listOf(owner);
    expect(items).toHaveLength(1);
    expect(items[0]!.current).toBe(true);
    // another account's devices are not touched
    expect(await stillSignedIn(pat)).toBe(true);
  });
});
