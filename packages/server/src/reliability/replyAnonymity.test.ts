import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { runPushBatch } from '../push/worker.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { rawResponse, worldNormaliser } from '../test/observation.js';
import { testCertificate, testPrivateKey } from '../test/tls.js';

/**
 * The anonymity proof of replies (decision 358): two worlds that differ only in which of two
 * suspects asked the anonymous question. Both suspects reply under the answer, then a bystander.
 * Everything the receiver, the bystander and each suspect observe — the thread and its reply form,
 * the count on the card, the Activity tab and its badge, live events and decrypted push payloads
 * (the suspects' own badge and live stream aside: the asker alone is told their question was answered) —
 * must be the same bytes: the asker replying looks exactly like anyone else replying.
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

/** Reads a live-event stream into `into` until the returned stop is called. */
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

describe('replies under an answer to an anonymous question', () => {
  it('give the receiver, a bystander and each suspect the same bytes whichever suspect asked', async () => {
    const seen: string[] = [];
    for (const world of [0, 1]) {
      const receiver = await signUpUser(t.app, { username: `reply_receiver_${world}x` });
      const suspects = [await signUpUser(t.app, { username: `reply_first_${world}x` }), await signUpUser(t.app, { username: `reply_second_${world}x` })];
      const bystander = await signUpUser(t.app, { username: `reply_bystander_${world}x` });
      const cast = [receiver, ...suspects, bystander];
      const as = (user: TestUser, method: string, url: string, payload?: unknown) =>
        t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: { cookie: user.cookie } });
      await as(receiver, 'PATCH', '/api/me/settings', { publicProfile: true });
      const devices = cast.map((user, i) => {
        const device = makeSubscriptionKeys();
        return { user, device, path: `/reply-world-${world}-${i}` };
      });
      for (const { user, device, path } of devices) await as(user, 'POST', '/api/push/subscriptions', { endpoint: `${pushOrigin}${path}`, keys: device.keys });
      // the receiver's and the bystander's live streams; the asker's own stream is told their question was answered (theirs alone, as their badge)
      const streams = [receiver, bystander].map(() => [] as string[]);
      const stops = [receiver, bystander].map((user, i) => listen(user.cookie, streams[i]!));
      await new Promise((resolve) => setTimeout(resolve, 200)); // the streams are open

      const asker = suspects[world]!;
      const answerId = (await as(asker, 'POST', `/api/users/${receiver.username}/questions`, { text: 'Who asked?', isAnonymous: true })).json().id as string;
      await as(receiver, 'POST', `/api/questions/${answerId}/answer`, { answer: 'Not telling.' });
      const observed: string[] = [];
      // each suspect's form before they reply: offered the same to the asker as to anyone
      for (const [i, suspect] of suspects.entries())
        observed.push(`suspect ${i} form: ${rawResponse(await as(suspect, 'GET', `/api/answers/${answerId}/replies`))}`);
      for (const [user, text] of [
        [suspects[0]!, 'First reply'],
        [suspects[1]!, 'Second reply'],
        [bystander, 'Bystander reply'],
        [receiver, 'Thanks!'],
      ] as const) {
        const sent = await as(user, 'POST', `/api/answers/${answerId}/replies`, { text });
        observed.push(`reply: ${sent.statusCode} ${JSON.stringify({ ...sent.json(), id: '<reply>' })}`);
      }
      const look = async (name: string, user: TestUser, urls: string[]) => {
        for (const url of urls) observed.push(`${name} ${url}: ${rawResponse(await as(user, 'GET', url))}`);
      };
      const thread = `/api/answers/${answerId}/replies`;
      const everyone = [thread, `/api/users/${receiver.username}/answers`, '/api/notifications/activity/groups'];
      await look('receiver', receiver, [...everyone, '/api/me/counters', '/api/me/hidden-replies']);
      await look('bystander', bystander, [...everyone, '/api/me/counters']);
      // the asker's Answers tab counts their answered question: that badge is theirs alone, so the suspects' counters are not compared
      for (const [i, suspect] of suspects.entries()) await look(`suspect ${i}`, suspect, everyone);

      const pushesBefore = pushBodies.length;
      await runPushBatch({ db: t.ctx.db, vapid: t.ctx.push.vapid, transport: t.ctx.push.transport, maxAttempts: 6 });
      const delivered = pushBodies.slice(pushesBefore);
      // the pushes each person's device got, in a fixed order of people; the asker's 'your question was answered' push is not one of them (there is none)
      const payloads = devices.flatMap(({ device, path }, i) =>
        delivered
          .filter((p) => p.path === path)
          .map((p) => `device ${i}: ${decrypt(p.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')}`)
          .sort(),
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // the last live events
      for (const stop of stops) await stop();
      expect(payloads.some((p) => p.includes('replied to your answer'))).toBe(true);
      expect(payloads.some((p) => p.includes('replied in a thread you joined'))).toBe(true);

      const normalise = worldNormaliser({
        receiver: receiver.id,
        receiverName: receiver.username,
        bystander: bystander.id,
        bystanderName: bystander.username,
        first: suspects[0]!.id,
        second: suspects[1]!.id,
        firstName: suspects[0]!.username,
        secondName: suspects[1]!.username,
        answer: answerId,
      });
      const frames = streams.map((stream, i) => `stream ${i}: ${normalise(stream.join(''))}`);
      seen.push([...observed.map(normalise), ...payloads.map(normalise), ...frames].join('\n'));
    }
    expect(seen[1]).toBe(seen[0]);
  });
});
