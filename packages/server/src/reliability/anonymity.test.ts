import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { INBOX_FILTERS } from '@askbox/common';
import { users } from '../db/schema/index.js';
import { receiveRemoteQuestion } from '../federation/inbox/remoteQuestions.js';
import { runPushBatch } from '../push/worker.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { rawResponse, worldNormaliser } from '../test/observation.js';
import { testCertificate, testPrivateKey } from '../test/tls.js';

/**
 * The anonymity scan: a scripted scenario (ask anonymously, answer, like, follow,
 * notifications, the receiver's Filtered folder, every GET route of the route table, an admin's views and the global question, a
 * moderator's instance-wide block of the sender from a report and the audit log that records it),
 * a question from the fediverse beside it, recording every response (status, headers, body), every live event and every decrypted push payload that anyone
 * but the sender receives. None may carry the anonymous sender's id, username, name or email (the
 * sender does nothing else in public here, so any mention at all would come from the question).
 * Then worlds that differ only in who asked are compared byte for byte: a moderator's block of the
 * sender, and 'Ask my followers' with the followers' inbox, badge, Filtered folder (and a move out
 * of it), activity, feed, live events and push payloads.
 */
let t: TestApp;
let origin: string;
let pushService: https.Server;
let pushOrigin: string;
const pushBodies: { path: string; body: Buffer }[] = [];
beforeAll(async () => {
  pushService = https.createServer({ key: testPrivateKey, cert: testCertificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushBodies.push({ path: request.url ?? '', body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp({ push: { ...testConfig().push, allowPrivateAddresses: true } }, { pushCa: testCertificate });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** Reads a live-event stream into `into` until `stop()` is called. */
function listen(cookie: string, into: string[]) {
  const controller = new AbortController();
  const done = fetch(`${origin}/api/events`, { headers: { cookie }, signal: controller.signal })
    .then(async (response) => {
      const reader = response.body!.getReader();
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) return;
        into.push(Buffer.from(value).toString('utf8'));
      }
    })
    .catch(() => undefined);
  return async () => {
    controller.abort();
    await done;
  };
}

describe('anonymity scan', () => {
  it('no response, live event or push payload anyone else gets names the anonymous sender', async () => {
    const sender = await signUpUser(t.app, { username: 'hidden_asker', fullname: 'Hidden Asker' });
    const receiver = await signUpUser(t.app, { username: 'the_receiver', fullname: 'The Receiver' });
    const follower = await signUpUser(t.app, { username: 'a_follower', fullname: 'A Follower' });
    const admin = await signUpUser(t.app, { username: 'the_admin', fullname: 'The Admin' });
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const others = [receiver, follower, admin];
    const bodies: string[] = [];
    const as = async (user: TestUser, method: string, url: string, payload?: unknown) => {
      const response = await t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: { cookie: user.cookie } });
      // headers too: a side channel need not be in the body (an account archive is read unpacked)
      if (user !== sender) bodies.push(`${method} ${url} as ${user.username}: ${rawResponse(response)}`);
      return response;
    };
    // the receiver's device and everyone's live streams
    const device = makeSubscriptionKeys();
    expect((await as(receiver, 'POST', '/api/push/subscriptions', { endpoint: `${pushOrigin}/receiver`, keys: device.keys })).statusCode).toBe(204);
    const events: string[] = [];
    const stops = others.map((user) => listen(user.cookie, events));
    await as(follower, 'POST', `/api/users/${receiver.username}/follow`);

    const asked = await as(sender, 'POST', `/api/users/${receiver.username}/questions`, { text: 'Guess who? @the_receiver', isAnonymous: true });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().id as string;
    await as(receiver, 'GET', '/api/me/inbox');
    // one kept in the receiver's Filtered folder by a muted word (decision 310): listed without its sender
    await as(receiver, 'PATCH', '/api/me/settings', { keepFilteredQuestions: true });
    await as(receiver, 'POST', '/api/me/muted-words', { word: 'durian' });
    expect((await as(sender, 'POST', `/api/users/${receiver.username}/questions`, { text: 'Durian or not?', isAnonymous: true })).statusCode).toBe(201);
    // a question from the fediverse beside it (decision 300): its inbox kind and filters name the remote asker only
    const fromAfar = await receiveRemoteQuestion(t.ctx, {
      receiverId: receiver.id,
      asker: {
        uri: 'https://remote.example/users/bob',
        inboxUrl: 'https://remote.example/users/bob/inbox',
        sharedInboxUrl: null,
        username: 'bob',
        name: 'Bob Remote',
        url: null,
        iconUrl: null,
      },
      postUri: 'https://remote.example/notes/1',
      text: 'Asked from afar?',
      visibility: 'public',
    });
    expect(fromAfar).toBe('asked');
    for (const filter of INBOX_FILTERS) await as(receiver, 'GET', `/api/me/inbox?filter=${filter}`);
    expect(bodies.some((b) => b.includes('filter=fediverse') && b.includes('@bob@remote.example') && !b.includes('Guess who?'))).toBe(true);
    // the pushes of the questions, sent before they are answered: a push is composed when sent, and a question answered by then has nothing left to say (decision 367)
    await runPushBatch({ db: t.ctx.db, vapid: t.ctx.push.vapid, transport: t.ctx.push.transport, maxAttempts: 6 });
    // with a content warning: the answer's extras are scanned with it (decision 315)
    await as(receiver, 'POST', `/api/questions/${id}/answer`, { answer: 'No idea!', contentWarning: 'A guess' });
    await as(follower, 'POST', `/api/answers/${id}/like`);
    // the remote question answered too: the feed and profile name its asker beside the anonymous one (decision 331)
    const remoteId = ((await as(receiver, 'GET', '/api/me/inbox?filter=fediverse')).json().items as { id: string }[])[0]!.id;
    expect((await as(receiver, 'POST', `/api/questions/${remoteId}/answer`, { answer: 'From here!' })).statusCode).toBe(204);
    expect((await as(admin, 'POST', '/api/admin/global-question', { text: 'Everyone: favourite tea?' })).statusCode).toBe(200);
    // a second anonymous question, reported and its sender blocked everywhere: then one to someone else drops
    const second = (await as(sender, 'POST', `/api/users/${receiver.username}/questions`, { text: 'Spam again', isAnonymous: true })).json().id as string;
    expect((await as(receiver, 'POST', '/api/reports', { kind: 'question', target: second, reason: 'spam' })).statusCode).toBe(200);
    const reportId = ((await as(admin, 'GET', '/api/admin/reports')).json().items as { id: string }[])[0]!.id;
    expect((await as(admin, 'POST', `/api/admin/reports/${reportId}/block-sender`)).json()).toEqual({ blocked: true, resolved: 1 });
    expect((await as(sender, 'POST', `/api/users/${follower.username}/questions`, { text: 'Dropped quietly', isAnonymous: true })).statusCode).toBe(201);

    // every GET route, with its parameters filled from the scenario, as each of the others
    const fill = (url: string) => url.replace(':username', receiver.username).replace(':id', id).replace('*', 'x');
    // recommendations and search list any account, the sender's too, whatever was asked: not about the question
    const skip = /^\/api\/events$|^\/api\/docs|^\/media|^\/healthz$|^\/readyz$|^\/api\/users\/(recommended|search)$/;
    for (const route of t.app.routeTable.filter((r) => r.method === 'GET' && !skip.test(r.url))) {
      for (const user of others) await as(user, 'GET', fill(route.url) + (route.url === '/api/feed/new-count' ? `?since=${new Date(0).toISOString()}` : ''));
    }

    // pushes: delivered and decrypted as the receiver's device reads them
    await runPushBatch({ db: t.ctx.db, vapid: t.ctx.push.vapid, transport: t.ctx.push.transport, maxAttempts: 6 });
    const payloads = pushBodies.map((p) => decrypt(p.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the last live events
    for (const stop of stops) await stop();

    expect(payloads.some((p) => p.includes('Someone sent you an anonymous question!'))).toBe(true);
    expect(payloads.some((p) => p.includes('Bob Remote (@bob@remote.example) sent you a question!'))).toBe(true);
    expect(bodies.some((b) => b.includes('No idea!') && b.includes('A guess'))).toBe(true);
    for (const url of [`/api/users/${receiver.username}/answers`, '/api/feed'])
      expect(
        bodies.some((b) => b.startsWith(`GET ${url} as a_follower`) && b.includes('"remoteSender":{"handle":"@bob@remote.example","name":"Bob Remote"}')),
      ).toBe(true);
    // the receiver's account archive was read (every GET route), unpacked, with the answered anonymous question
    expect(bodies.some((b) => b.startsWith('GET /api/me/archive as the_receiver') && b.includes('"format": "askbox-archive"'))).toBe(true);
    // the audit log was read (every GET route) and holds the block, by the report
    expect(bodies.some((b) => b.includes('/api/admin/audit') && b.includes('sender_blocked') && b.includes(reportId))).toBe(true);
    expect(bodies.some((b) => b.includes('Dropped quietly'))).toBe(false);
    expect(bodies.some((b) => b.includes('GET /api/me/filtered as the_receiver') && b.includes('Durian or not?'))).toBe(true);
    const everything = [...bodies, ...events, ...payloads];
    const leaks = everything.filter((text) => [sender.id, sender.username, sender.fullname, sender.email].some((secret) => text.includes(secret)));
    console.log(`anonymity scan: ${bodies.length} responses, ${events.length} live-event chunks, ${payloads.length} push payloads checked`);
    expect(leaks).toEqual([]);
  });
});

describe('moderation of an anonymous sender', () => {
  it('answers the moderator, lists the block and writes the audit log in the same bytes whoever sent the question', async () => {
    const moderator = await signUpUser(t.app, { username: 'a_moderator' });
    const admin = await signUpUser(t.app, { username: 'audit_reader' });
    await t.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const receiver = await signUpUser(t.app, { username: 'reporting_receiver' });
    const senders = [await signUpUser(t.app, { username: 'first_suspect' }), await signUpUser(t.app, { username: 'second_suspect' }), receiver];
    const seen: string[] = [];
    for (const sender of senders) {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/users/${receiver.username}/questions`,
        headers: { cookie: sender.cookie },
        payload: { text: 'Who am I?', isAnonymous: true },
      });
      const id = asked.json().id as string;
      await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie: receiver.cookie },
        payload: { kind: 'question', target: id, reason: 'harassment' },
      });
      const queue = await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { cookie: moderator.cookie } });
      const reportId = (queue.json().items as { id: string }[])[0]!.id;
      const blocked = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${reportId}/block-sender`, headers: { cookie: moderator.cookie } });
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/sender-blocks', headers: { cookie: moderator.cookie } });
      const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: admin.cookie } });
      // what differs by nature (ids and times of this run) becomes tokens; everything else must be equal
      const normalise = worldNormaliser({ report: reportId, question: id });
      seen.push(normalise([rawResponse(queue), rawResponse(blocked), JSON.stringify(list.json().items[0]), JSON.stringify(audit.json().items[0])].join('\n')));
      if (sender !== receiver) for (const secret of [sender.id, sender.username, sender.email]) expect(seen.at(-1)).not.toContain(secret);
      await t.ctx.db.execute(sql`delete from sender_blocks`);
    }
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });
});

describe('moderation actions on an account', () => {
  it('give a moderator the same bytes whichever suspect sent the anonymous question in their inbox', async () => {
    const seen: string[] = [];
    for (const world of [0, 1]) {
      const moderator = await signUpUser(t.app, { username: `suspicious_mod_${world}` });
      await t.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
      const suspects = [await signUpUser(t.app, { username: `suspect_one_${world}x` }), await signUpUser(t.app, { username: `suspect_two_${world}x` })];
      const as = (user: TestUser, method: string, url: string, payload?: unknown) =>
        t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: { cookie: user.cookie } });
      const asker = suspects[world]!;
      const asked = await as(asker, 'POST', `/api/users/${moderator.username}/questions`, { text: 'Which of us am I?', isAnonymous: true });
      // the moderator reports it too, so the report queue shows it
      await as(moderator, 'POST', '/api/reports', { kind: 'question', target: asked.json().id, reason: 'harassment' });
      const events: string[] = [];
      const stop = listen(moderator.cookie, events);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the stream is open

      const observed: string[] = [];
      const look = async () => {
        for (const url of ['/api/me/inbox', '/api/me/counters', '/api/admin/reports', '/api/admin/suspended', '/api/notifications/activity']) {
          observed.push(`${url}: ${rawResponse(await as(moderator, 'GET', url))}`);
        }
      };
      await look();
      // every action a moderator can take on an account by its name, on each suspect in turn
      for (const suspect of suspects) {
        for (const [method, url, payload] of [
          ['POST', `/api/admin/users/${suspect.username}/remove-questions`],
          ['POST', `/api/admin/users/${suspect.username}/suspend`, { reason: 'Testing a hunch' }],
          ['POST', `/api/admin/users/${suspect.username}/restore`],
          ['POST', `/api/users/${suspect.username}/block`],
          ['DELETE', `/api/users/${suspect.username}/block`],
        ] as const) {
          observed.push(`${method} ${url.replace(suspect.username, '<suspect>')}: ${rawResponse(await as(moderator, method, url, payload))}`);
          await look();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 300)); // the last live events
      await stop();
      const normalise = worldNormaliser({
        moderator: moderator.id,
        moderatorName: moderator.username,
        first: suspects[0]!.id,
        second: suspects[1]!.id,
        firstName: suspects[0]!.username,
        secondName: suspects[1]!.username,
      });
      seen.push(normalise([...observed, events.join('')].join('\n')));
      // the next world starts with an empty queue
      await t.ctx.db.execute(sql`delete from reports`);
    }
    expect(seen[1]).toBe(seen[0]);
  });
});

describe("'Ask my followers' and the Filtered folder", () => {
  it('give each follower the same bytes whichever of the people they follow asked anonymously', async () => {
    const seen: string[] = [];
    for (const world of [0, 1]) {
      // two suspects both followed by two followers; only who asks differs between the worlds
      const suspects = [await signUpUser(t.app, { username: `first_suspect_${world}x` }), await signUpUser(t.app, { username: `second_suspect_${world}x` })];
      const plain = await signUpUser(t.app, { username: `plain_follower_${world}x` });
      const keeping = await signUpUser(t.app, { username: `keeping_follower_${world}x` });
      const followers = [plain, keeping];
      const as = (user: TestUser, method: string, url: string, payload?: unknown) =>
        t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: { cookie: user.cookie } });
      const device = makeSubscriptionKeys();
      await as(plain, 'POST', '/api/push/subscriptions', { endpoint: `${pushOrigin}/followers-world-${world}`, keys: device.keys });
      await as(keeping, 'PATCH', '/api/me/settings', { keepFilteredQuestions: true });
      await as(keeping, 'POST', '/api/me/muted-words', { word: 'durian' });
      for (const follower of followers) for (const suspect of suspects) await as(follower, 'POST', `/api/users/${suspect.username}/follow`);
      const events: string[] = [];
      const stops = followers.map((user) => listen(user.cookie, events));
      await new Promise((resolve) => setTimeout(resolve, 200)); // the streams are open

      const asker = suspects[world]!;
      const observed: string[] = [];
      for (const text of ['Tea or coffee?', 'Durian or mango?']) {
        observed.push(rawResponse(await as(asker, 'POST', '/api/me/followers/questions', { text, isAnonymous: true })));
      }
      await t.ctx.followerQuestions.kick(); // fanned out after the answer
      const look = async () => {
        for (const follower of followers) {
          for (const url of ['/api/me/inbox', '/api/me/counters', '/api/me/filtered', '/api/notifications/activity', '/api/feed']) {
            observed.push(`${follower === plain ? 'plain' : 'keeping'} ${url}: ${rawResponse(await as(follower, 'GET', url))}`);
          }
        }
      };
      await look();
      // the kept question, moved to the inbox, is then the question it would have been
      const kept = (await as(keeping, 'GET', '/api/me/filtered')).json().items as { id: string; text: string }[];
      expect(kept.map((q) => q.text)).toEqual(['Durian or mango?']);
      observed.push(rawResponse(await as(keeping, 'POST', `/api/me/filtered/${kept[0]!.id}/inbox`)));
      await look();

      const pushesBefore = pushBodies.length;
      await runPushBatch({ db: t.ctx.db, vapid: t.ctx.push.vapid, transport: t.ctx.push.transport, maxAttempts: 6 });
      const payloads = pushBodies
        .slice(pushesBefore)
        .filter((p) => p.path === `/followers-world-${world}`)
        .map((p) => decrypt(p.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the last live events
      for (const stop of stops) await stop();
      expect(payloads).toHaveLength(2);

      // each world's own people by role; the asker is named by which suspect they are, so any mention of them differs
      const cast = { plain: plain.id, keeping: keeping.id, plainName: plain.username, keepingName: keeping.username };
      const normalise = worldNormaliser({
        ...cast,
        first: suspects[0]!.id,
        second: suspects[1]!.id,
        firstName: suspects[0]!.username,
        secondName: suspects[1]!.username,
      });
      seen.push(normalise([...observed, ...payloads, events.join('')].join('\n')));
      for (const secret of [asker.id, asker.username, asker.fullname, asker.email]) {
        expect([...observed, ...payloads, ...events].filter((text) => text.includes(secret))).toEqual([]);
      }
    }
    expect(seen[1]).toBe(seen[0]);
  });
});
