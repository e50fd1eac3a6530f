import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '@askbox/common';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { eventually, openEventStream } from '../../test/notificationFixtures.js';
import { rawResponse, worldNormaliser } from '../../test/observation.js';

/**
 * 'Was my question dropped?' from the asker's side (decisions 100, 203, 210): with the receiver's
 * app open in two tabs and the asker's own stream open, the asker of an anonymous question observes
 * the same bytes — the ask's response, every GET route, every action on the question's id, their
 * live-event stream ids included — whether it was delivered, dropped by a muted word, kept in the
 * receiver's Filtered folder by a muted word (decision 310) or dropped by 'Block this asker'. Refusing anonymous questions, a paused inbox and 'Who may ask me' are said
 * (the ask is refused): apart from that refusal, each leaves the asker with what they would see had
 * they not asked, and both rules of 'Who may ask me' refuse with the same bytes.
 */

type Choice = 'none' | 'mutedWord' | 'filtered' | 'blockedAsker' | 'refusesAnonymous' | 'inboxPaused' | 'onlyFollowed' | 'onlyOlderAccounts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const QUESTION = 'Do you like pineapple?';
// every GET route but the stream itself, the API's own description and static files
const SKIP = /^\/api\/events$|^\/api\/docs|^\/media|^\/healthz$|^\/readyz$/;

/** Runs the asker's script in a world where the receiver made `choice`; returns what the asker observed. */
async function askerWorld(choice: Choice, asks = true): Promise<string[]> {
  t = await createTestApp({
    sseHeartbeatMs: 3_600_000,
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
  const { app } = t;
  const asker = await signUpUser(app, { username: 'asker_w', fullname: 'The asker' });
  const receiver = await signUpUser(app, { username: 'receiver_w', fullname: 'The receiver' });
  const as = (user: TestUser) => apiAs(app, user);
  const ask = () => as(asker).post(`/api/users/${receiver.username}/questions`, { text: QUESTION, isAnonymous: true });

  // the same earlier anonymous question in every world: the one 'Block this asker' is used on
  expect((await as(asker).post(`/api/users/${receiver.username}/questions`, { text: 'An earlier question', isAnonymous: true })).statusCode).toBe(201);
  if (choice === 'mutedWord' || choice === 'filtered') expect((await as(receiver).post('/api/me/muted-words', { word: 'pineapple' })).statusCode).toBe(200);
  if (choice === 'blockedAsker') {
    const earlier = (await as(receiver).get('/api/me/inbox')).json().items[0].id as string;
    expect((await as(receiver).post(`/api/questions/${earlier}/block-asker`)).statusCode).toBeLessThan(300);
  }
  const settings = {
    refusesAnonymous: { refuseAnonymousQuestions: true },
    inboxPaused: { inboxPaused: true },
    onlyFollowed: { whoMayAsk: 'following' },
    onlyOlderAccounts: { whoMayAsk: 'older_accounts', whoMayAskMinDays: 7 },
    filtered: { keepFilteredQuestions: true },
  } as const;
  if (choice in settings) expect((await as(receiver).patch('/api/me/settings', settings[choice as keyof typeof settings])).statusCode).toBe(200);

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const receiverTabs = [openEventStream(`${url}/api/events`, receiver.cookie), openEventStream(`${url}/api/events`, receiver.cookie)];
  const askerStream = openEventStream(`${url}/api/events`, asker.cookie);
  for (const stream of [...receiverTabs, askerStream]) expect(await stream.ready).toBe(200);

  const normalise = worldNormaliser({ asker: asker.id, receiver: receiver.id, 'vapid key': t.ctx.push.vapid.publicKey });
  const observations: string[] = [];
  const record = (label: string, res: Parameters<typeof rawResponse>[0]) => observations.push(`${label}\n${normalise(rawResponse(res))}`);

  let id: string = crypto.randomUUID();
  if (asks) {
    const asked = await ask();
    record('ask', asked);
    if (asked.statusCode === 201) id = asked.json().id as string;
  }
  // the receiver's tabs heard the question, if it arrived, before anything below is looked at
  await as(receiver).post('/api/notifications/read', { tab: 'activity' });
  await eventually(() => receiverTabs.every((tab) => tab.events.some((e) => e.type === 'counters')), "the receiver's tabs");

  const fill = (path: string) => path.replace(':username', receiver.username).replace(':id', id).replace(/:\w+/g, 'x').replace('*', 'x');
  for (const route of app.routeTable.filter((r) => r.method === 'GET' && !SKIP.test(r.url))) {
    const path = fill(route.url) + (route.url === '/api/feed/new-count' ? `?since=${new Date(0).toISOString()}` : '');
    record(`GET ${route.url}`, await as(asker).get(path));
  }
  // acting on the question's id answers the same, whatever became of it (in the receiver's Filtered folder too)
  const onTheId = (url: string) => url.startsWith('/api/questions/:id') || url.startsWith('/api/me/filtered/:id');
  for (const route of app.routeTable.filter((r) => r.method !== 'GET' && onTheId(r.url))) {
    record(`${route.method} ${route.url}`, await app.inject({ method: route.method as 'POST', url: fill(route.url), headers: { cookie: asker.cookie } }));
  }
  // reporting it, as its question or as an answer
  for (const kind of ['question', 'answer']) {
    record(`report ${kind}`, await as(asker).post('/api/reports', { kind, target: id, reason: REPORT_REASONS[0] }));
  }
  // the asker's stream as it arrived, ids included, up to a fence of their own
  await as(asker).post('/api/notifications/read', { tab: 'activity' });
  await eventually(() => askerStream.events.some((e) => e.type === 'counters'), "the asker's fence");
  observations.push(`live events\n${askerStream.raw}`);
  for (const stream of [...receiverTabs, askerStream]) stream.close();
  return observations;
}

describe(`the asker's side (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a delivered question and one dropped by a muted word, kept in Filtered or dropped by a quiet asker block look the same to the asker, byte for byte', async () => {
    const delivered = await askerWorld('none');
    expect(delivered[0]).toMatch(/^ask\n201\n/);
    expect(delivered.find((o) => o.startsWith('GET /api/users/:username\n'))).toContain('"askRefusal":null');
    expect(delivered.length).toBeGreaterThan(30);
    for (const choice of ['mutedWord', 'filtered', 'blockedAsker'] as const) {
      const dropped = await askerWorld(choice);
      for (const [i, observation] of dropped.entries()) expect(observation, choice).toBe(delivered[i]);
      expect(dropped.length).toBe(delivered.length);
    }
  }, 120_000);

  it('refused anonymous questions are said, and leave nothing else to observe', async () => {
    const [ask, ...afterRefusal] = await askerWorld('refusesAnonymous');
    expect(ask).toMatch(/^ask\n403\n[^]*anonymous_refused/);
    const neverAsked = await askerWorld('refusesAnonymous', false);
    expect(afterRefusal).toEqual(neverAsked);
  }, 120_000);

  it("a paused inbox and 'Who may ask me' are said, one refusal for both rules, and leave nothing else to observe", async () => {
    const [paused, ...afterPause] = await askerWorld('inboxPaused');
    expect(paused).toMatch(/^ask\n403\n[^]*inbox_paused/);
    expect(afterPause).toEqual(await askerWorld('inboxPaused', false));
    // the profile said it before the ask (decision 365), and says nothing of the quiet rules (the first test)
    const profile = (observations: string[]) => observations.find((o) => o.startsWith('GET /api/users/:username\n'));
    expect(profile(afterPause)).toContain('"askRefusal":"inbox_paused"');
    const [notFollowed, ...afterRefusal] = await askerWorld('onlyFollowed');
    expect(notFollowed).toMatch(/^ask\n403\n[^]*asker_not_allowed/);
    expect(profile(afterRefusal)).toContain('"askRefusal":"asker_not_allowed"');
    expect(afterRefusal).toEqual(await askerWorld('onlyFollowed', false));
    const [tooYoung] = await askerWorld('onlyOlderAccounts');
    expect(tooYoung).toBe(notFollowed);
  }, 180_000);
});
