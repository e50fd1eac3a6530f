import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { pushDeliveries, pushNotifications, pushSubscriptions, users } from '../db/schema/index.js';
import { events } from '../events/emit.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { eventually, insertFollow, makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { testCertificate, testPrivateKey } from '../test/tls.js';
import { claimDue, runPushBatch } from './worker.js';

/** A local stand-in for a browser vendor's push service: answers what each path asks for and keeps the requests. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
let pushService: https.Server;
let pushUrl: string;
const received: Received[] = [];
let nextStatus = 201;

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  // https with the test certificate: push endpoints must be https; the app trusts it through `pushCa`
  pushService = https.createServer({ key: testPrivateKey, cert: testCertificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const status = request.url?.startsWith('/gone') ? 410 : request.url?.startsWith('/missing') ? 404 : request.url?.startsWith('/broken') ? 500 : nextStatus;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushUrl = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp({ push: localPush() }, { pushCa: testCertificate });
  alice = await signUpUser(t.app, { username: 'alice_p', fullname: 'Alice P' });
  bob = await signUpUser(t.app, { username: 'bob_p', fullname: 'Bob P' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  nextStatus = 201;
  await t.ctx.db.delete(pushNotifications);
  await t.ctx.db.delete(pushSubscriptions);
});

/** Subscribes a device of `user` through the API, keeping its private key to decrypt what arrives. */
async function subscribeDevice(user: TestUser, path: string) {
  const device = makeSubscriptionKeys();
  const endpoint = `${pushUrl}${path}`;
  const response = await apiAs(t.app, user).post('/api/push/subscriptions', { endpoint, keys: device.keys });
  expect(response.statusCode).toBe(204);
  return {
    ...device,
    endpoint,
    open: (body: Buffer) => JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')),
  };
}

/** A follow as its service makes it: the row, then its side effects. */
const follow = (followerId: string, followeeId: string) =>
  t.ctx.db.transaction(async (tx) => {
    await insertFollow(tx, followerId, followeeId);
    await events.emit(tx, t.ctx, { type: 'followed', followerId, followeeId, at: new Date('2026-01-02T03:04:05Z') });
  });
const subscriptionsOf = (userId: string) => t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const outbox = () => t.ctx.db.select().from(pushNotifications);
const run = () => runPushBatch({ db: t.ctx.db, vapid: t.ctx.push.vapid, transport: t.ctx.push.transport, maxAttempts: t.ctx.config.push.maxAttempts });
/** The test switch: this file's push service listens on loopback (production refuses that). */
function localPush(extra: Partial<ReturnType<typeof testConfig>['push']> = {}) {
  return { ...testConfig().push, allowPrivateAddresses: true, maxSubscriptionsPerUser: 3, ...extra };
}

describe('push subscriptions API', () => {
  it('refuses signed-out visitors and invalid subscriptions', async () => {
    const { keys } = makeSubscriptionKeys();
    expect((await apiAs(t.app, null).post('/api/push/subscriptions', { endpoint: `${pushUrl}/x`, keys })).statusCode).toBe(401);
    expect((await apiAs(t.app, alice).post('/api/push/subscriptions', { endpoint: 'not a url', keys })).statusCode).toBe(400);
    expect((await apiAs(t.app, alice).post('/api/push/subscriptions', { endpoint: `${pushUrl}/x` })).statusCode).toBe(400);
    expect(await subscriptionsOf(alice.id)).toHaveLength(0);
  });

  it('keeps one row per device, several devices per user, and refreshes a re-sent subscription', async () => {
    const phone = await subscribeDevice(alice, '/phone');
    await subscribeDevice(alice, '/laptop');
    const [before] = (await subscriptionsOf(alice.id)).filter((s) => s.endpoint === phone.endpoint);
    await apiAs(t.app, alice).post('/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys });
    const rows = await subscriptionsOf(alice.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((s) => s.endpoint === phone.endpoint)!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
  });

  it('removes only this device, and only for its owner', async () => {
    const phone = await subscribeDevice(alice, '/phone');
    await subscribeDevice(alice, '/laptop');
    const deleteAs = (user: TestUser) =>
      t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: { cookie: user.cookie }, payload: { endpoint: phone.endpoint } });
    expect((await deleteAs(bob)).statusCode).toBe(204);
    expect(await subscriptionsOf(alice.id)).toHaveLength(2);
    expect((await deleteAs(alice)).statusCode).toBe(204);
    expect((await subscriptionsOf(alice.id)).map((s) => s.endpoint)).toEqual([`${pushUrl}/laptop`]);
  });

  it('gives the web app a VAPID public key, generated once and shared by every instance', async () => {
    const key = (await apiAs(t.app, null).get('/api/config')).json().vapidPublicKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const second = await buildApp(testConfig({ webDistDir: '/nonexistent' }), t.database);
    expect((await second.inject({ method: 'GET', url: '/api/config' })).json().vapidPublicKey).toBe(key);
    await second.close();
  });
});

describe('push delivery worker', () => {
  it('sends the record encrypted (aes128gcm, VAPID-signed) to every device of the user and marks it sent', async () => {
    const phone = await subscribeDevice(alice, '/phone');
    const laptop = await subscribeDevice(alice, '/laptop');
    await follow(bob.id, alice.id);
    expect(await run()).toBe(1);
    expect(received.map((r) => r.path).sort()).toEqual(['/laptop', '/phone']);
    const expected = {
      title: 'New Follower 👋',
      body: 'Bob P (@bob_p) started following you!',
      data: { type: 'follow', followerId: bob.id, followerUsername: 'bob_p', timestamp: '2026-01-02T03:04:05.000Z' },
    };
    for (const request of received) {
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      const device = request.path === '/phone' ? phone : laptop;
      expect(device.open(request.body)).toEqual(expected);
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ sent: true, attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await run()).toBe(0); // nothing sent twice
  });

  it('does not send what names someone the recipient blocked, was blocked by, or who was suspended since it was queued', async () => {
    await subscribeDevice(alice, '/phone');
    await follow(bob.id, alice.id);
    await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`);
    expect(await run()).toBe(1);
    expect(received).toEqual([]);
    expect((await outbox())[0]).toMatchObject({ sent: true });
    await apiAs(t.app, alice).delete(`/api/users/${bob.username}/block`);

    const carol = await signUpUser(t.app);
    await follow(carol.id, alice.id);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, carol.id));
    const dave = await signUpUser(t.app);
    await follow(dave.id, alice.id);
    expect(await run()).toBe(2);
    // only dave's follow went out
    expect(received).toHaveLength(1);
  });

  it('deletes subscriptions the push service answers 410 or 404 for', async () => {
    await subscribeDevice(alice, '/gone');
    await subscribeDevice(alice, '/missing');
    await subscribeDevice(alice, '/phone');
    await follow(bob.id, alice.id);
    await run();
    expect((await subscriptionsOf(alice.id)).map((s) => s.endpoint)).toEqual([`${pushUrl}/phone`]);
    expect((await outbox())[0]!.sent).toBe(true);
  });

  it('retries after a 500 with backoff, then delivers', async () => {
    const phone = await subscribeDevice(alice, '/phone');
    await follow(bob.id, alice.id);
    nextStatus = 500;
    await run();
    let [row] = await outbox();
    expect(row).toMatchObject({ sent: false, attempts: 1, lastError: 'push service answered 500' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await run()).toBe(0); // backing off: not due yet
    // time passes
    await t.ctx.db.update(pushNotifications).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    nextStatus = 201;
    expect(await run()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ sent: true, attempts: 2 });
    expect(phone.open(received.at(-1)!.body).title).toBe('New Follower 👋');
  });

  it('gives up after the attempt limit', async () => {
    await subscribeDevice(alice, '/phone');
    await follow(bob.id, alice.id);
    nextStatus = 503;
    for (let i = 0; i < t.ctx.config.push.maxAttempts + 2; i += 1) {
      await run();
      await t.ctx.db.update(pushNotifications).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    }
    expect(received).toHaveLength(t.ctx.config.push.maxAttempts);
    expect((await outbox())[0]).toMatchObject({ sent: false, attempts: t.ctx.config.push.maxAttempts });
  });

  it('keeps the words it sent in the row, and sends a row written with its texts (by an older version) as written', async () => {
    const phone = await subscribeDevice(alice, '/phone');
    await follow(bob.id, alice.id);
    await t.ctx.db.insert(pushNotifications).values({
      id: 'written-before',
      userId: alice.id,
      title: 'Old title',
      body: 'Old body',
      data: { type: 'follow', followerId: bob.id, followerUsername: 'bob_p', timestamp: new Date().toISOString() },
      composedWhenSent: false,
    });
    expect(await run()).toBe(2);
    expect(received.map((request) => phone.open(request.body).body).sort()).toEqual(['Bob P (@bob_p) started following you!', 'Old body']);
    expect((await outbox()).map((row) => [row.sent, row.title, row.body]).sort()).toEqual([
      [true, 'New Follower 👋', 'Bob P (@bob_p) started following you!'],
      [true, 'Old title', 'Old body'],
    ]);
  });

  it('never hands one row to two workers (FOR UPDATE SKIP LOCKED plus a lease)', async () => {
    await subscribeDevice(alice, '/phone');
    // five due rows (one follow of the same pair queues one push a day: decision 110)
    await t.ctx.db
      .insert(pushNotifications)
      .values(Array.from({ length: 5 }, (_, i) => ({ id: `claim-${i}`, userId: alice.id, title: 'T', body: `B${i}`, data: { type: 'follow' } })));
    const [first, second] = await Promise.all([claimDue(t.ctx.db, 6), claimDue(t.ctx.db, 6)]);
    const ids = [...first!, ...second!].map((r) => r.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });

  it('delivers rows written while no worker ran, once an instance with a worker starts', async () => {
    const phone = await subscribeDevice(alice, '/phone');
    await follow(bob.id, alice.id);
    const config = testConfig({ webDistDir: '/nonexistent' });
    const restarted = await buildApp({ ...config, push: localPush({ worker: true, pollMs: 50 }) }, t.database, { pushCa: testCertificate });
    // an instance's background passes start when it is ready (listen does this in main.ts)
    await restarted.ready();
    await eventually(async () => (await outbox())[0]!.sent, 'the worker to send the queued row');
    await restarted.close();
    expect(phone.open(received[0]!.body).body).toBe('Bob P (@bob_p) started following you!');
  });
});

describe('VAPID configuration', () => {
  it('uses the configured key pair and refuses half of one', async () => {
    const { loadConfig } = await import('../config.js');
    const { default: webpush } = await import('web-push');
    const pair = webpush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@example.test' });
    expect(config.push).toMatchObject({ vapidPublicKey: pair.publicKey, vapidSubject: 'mailto:ops@example.test' });
    const app = await buildApp({ ...config, logLevel: 'silent', push: { ...config.push, worker: false } }, t.database);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().vapidPublicKey).toBe(pair.publicKey);
    await app.close();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

describe('push endpoints that cannot be aimed inward', () => {
  it('refuses http, loopback and private hosts, and bad keys, when saved', async () => {
    const guarded = await createTestApp({ push: { ...testConfig().push } });
    try {
      const user = await signUpUser(guarded.app);
      const { keys } = makeSubscriptionKeys();
      const save = (endpoint: string, k = keys) => apiAs(guarded.app, user).post('/api/push/subscriptions', { endpoint, keys: k });
      for (const endpoint of [
        'http://push.example.test/x',
        `${pushUrl}/x`,
        'https://localhost/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://169.254.169.254/x',
      ]) {
        const response = await save(endpoint);
        expect(response.statusCode, endpoint).toBe(400);
      }
      const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
      expect((await save('https://push.example.test/x', { ...keys, p256dh: offCurve })).json().error.message).toMatch(/P-256/);
      expect((await save('https://push.example.test/x', { ...keys, auth: Buffer.alloc(20).toString('base64url') })).statusCode).toBe(400);
      expect(await guarded.ctx.db.select().from(pushSubscriptions)).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });

  it('keeps to the allow-list of push services when one is configured', async () => {
    const listed = await createTestApp({ push: localPush({ allowedServices: ['*.push.example.test'] }) });
    try {
      const user = await signUpUser(listed.app);
      const response = await apiAs(listed.app, user).post('/api/push/subscriptions', { endpoint: `${pushUrl}/x`, keys: makeSubscriptionKeys().keys });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/not an allowed service/);
    } finally {
      await listed.close();
    }
  });

  it('checks the address again when sending: a stored inward endpoint is dropped, never called', async () => {
    const guarded = await createTestApp({ push: { ...testConfig().push } }, { pushCa: testCertificate });
    try {
      const user = await signUpUser(guarded.app);
      const fan = await signUpUser(guarded.app);
      const { keys } = makeSubscriptionKeys();
      // as if saved before the guard existed, or its name now resolves inward
      await guarded.ctx.db
        .insert(pushSubscriptions)
        .values({ id: 'inward', userId: user.id, endpoint: `${pushUrl}/inward`, p256dh: keys.p256dh, auth: keys.auth });
      await guarded.ctx.db.transaction(async (tx) => {
        await insertFollow(tx, fan.id, user.id);
        await events.emit(tx, guarded.ctx, { type: 'followed', followerId: fan.id, followeeId: user.id, at: new Date() });
      });
      await runPushBatch({ db: guarded.ctx.db, vapid: guarded.ctx.push.vapid, transport: guarded.ctx.push.transport, maxAttempts: 6 });
      expect(received.filter((r) => r.path === '/inward')).toHaveLength(0);
      expect(await guarded.ctx.db.select().from(pushSubscriptions)).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });

  it('caps devices per user: saving one more drops the least recently saved', async () => {
    for (const name of ['/one', '/two', '/three', '/four']) await subscribeDevice(alice, name);
    expect((await subscriptionsOf(alice.id)).map((s) => s.endpoint).sort()).toEqual([`${pushUrl}/four`, `${pushUrl}/three`, `${pushUrl}/two`]);
  });

  it("ends the device's subscription when its session logs out, and keeps the other sessions' devices", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: bob.email, password: 'correct horse' } });
    const phoneSession = { ...bob, cookie: `askbox_session=${login.cookies.find((c) => c.name === 'askbox_session')!.value}` };
    await subscribeDevice(phoneSession, '/bob-phone');
    await subscribeDevice(bob, '/bob-laptop');
    expect((await apiAs(t.app, phoneSession).post('/api/auth/logout')).statusCode).toBe(204);
    expect((await subscriptionsOf(bob.id)).map((s) => s.endpoint)).toEqual([`${pushUrl}/bob-laptop`]);
  });
});

describe('delivery isolated per notification and per device', () => {
  it('a subscription with unusable keys costs nobody else their notification', async () => {
    const good = await subscribeDevice(alice, '/phone');
    const { keys } = makeSubscriptionKeys();
    await t.ctx.db.insert(pushSubscriptions).values({ id: 'bad-keys', userId: bob.id, endpoint: `${pushUrl}/bad`, p256dh: 'not-a-key', auth: keys.auth });
    const bobsOther = await subscribeDevice(bob, '/bob-ok');
    await follow(alice.id, bob.id); // bob's row first
    await follow(bob.id, alice.id);
    expect(await run()).toBe(2);
    // how each row went first: a failed send shows its error here
    expect((await outbox()).map((row) => ({ sent: row.sent, lastError: row.lastError }))).toEqual([
      { sent: true, lastError: null },
      { sent: true, lastError: null },
    ]);
    expect(received.map((r) => r.path).sort()).toEqual(['/bob-ok', '/phone']);
    expect(good.open(received.find((r) => r.path === '/phone')!.body).title).toBe('New Follower 👋');
    expect(bobsOther.open(received.find((r) => r.path === '/bob-ok')!.body).title).toBe('New Follower 👋');
    expect((await subscriptionsOf(bob.id)).map((s) => s.id)).not.toContain('bad-keys');
  });

  it('retries only the device that failed; the others get the notification once', async () => {
    await subscribeDevice(alice, '/phone');
    await subscribeDevice(alice, '/broken');
    await follow(bob.id, alice.id);
    await run();
    expect((await outbox())[0]).toMatchObject({ sent: false, lastError: 'push service answered 500' });
    expect((await t.ctx.db.select().from(pushDeliveries)).map((d) => d.notificationId)).toHaveLength(1);
    await t.ctx.db.update(pushNotifications).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await run();
    expect(received.filter((r) => r.path === '/phone')).toHaveLength(1);
    expect(received.filter((r) => r.path === '/broken')).toHaveLength(2);
  });
});
