import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema/index.js';
import { insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, solvedChallenge, type TestApp, type TestUser } from '../../test/harness.js';
import { composedPushes, eventually, insertQuestion, insertSubscription, openEventStream } from '../../test/notificationFixtures.js';
import { rawResponse, worldNormaliser } from '../../test/observation.js';

/**
 * The anonymity proof (decision 100): everything the receiver of anonymous questions
 * can observe — inbox, badges, feed, notifications (grouped too), profile, live events, push and email outboxes (their content),
 * the images of their answers,
 * and the answers to their actions on those questions — is identical whichever of several users
 * sent them, before and after named blocks both ways (the global question's sender, the admin,
 * included) and after 'Block this asker' (which keeps out the asker's later anonymous questions and
 * no one's named ones), and through 'Who may ask me' and a paused inbox (the asker's refusal is
 * the same whoever they are), through the Filtered folder (kept, moved to the inbox, deleted) and
 * through a question asked to all followers. Each world runs on a database of its own, the same
 * script with only the anonymous sender changed; ids and times are replaced by stable tokens.
 */

const SCRIPT_USERS = ['receiver', 'alice', 'bruno', 'chloe', 'named', 'admin'] as const;
type Cast = Record<(typeof SCRIPT_USERS)[number], TestUser>;
const CANDIDATES = ['alice', 'bruno', 'chloe'] as const;
/** Each candidate's open live streams (tabs), the same in every world. */
const TABS = { alice: 0, bruno: 1, chloe: 3 } as const;

let t: TestApp | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

/** Runs the script in a world where `senderRole` sends the anonymous questions; returns the receiver's observations. */
async function observeWorld(senderRole: (typeof CANDIDATES)[number]): Promise<string[]> {
  // each world's files (answer cards) in a folder of its own
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-anonymity-'));
  t = await createTestApp({
    dataDir,
    // no heartbeat during the script: a stream's bytes are its events alone
    sseHeartbeatMs: 3_600_000,
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
  const { app, ctx } = t;
  const cast = {} as Cast;
  for (const role of SCRIPT_USERS) cast[role] = await signUpUser(app, { username: `${role}_w`, fullname: `The ${role}` });
  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, cast.admin.id));
  await ctx.db.update(users).set({ emailNotifications: 'each' }).where(eq(users.id, cast.receiver.id));
  await insertSubscription(ctx.db, cast.receiver.id);
  // links that blocks will cut: the receiver follows every candidate, each candidate follows the receiver and has an answer
  for (const role of [...CANDIDATES, 'named'] as const) {
    await insertFollow(ctx.db, cast.receiver.id, cast[role].id);
    await insertFollow(ctx.db, cast[role].id, cast.receiver.id);
    await insertQuestion(ctx.db, {
      senderId: cast.receiver.id,
      receiverId: cast[role].id,
      isAnonymous: false,
      text: `to ${role}`,
      answer: `answer of ${role}`,
    });
  }
  const sender = cast[senderRole];
  const receiver = apiAs(app, cast.receiver);
  const normalise = worldNormaliser(Object.fromEntries(SCRIPT_USERS.map((role) => [role, cast[role].id])));
  const observations: string[] = [];

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const stream = openEventStream(`${url}/api/events`, cast.receiver.cookie);
  expect(await stream.ready).toBe(200);
  const tabs = CANDIDATES.flatMap((role) => Array.from({ length: TABS[role] }, () => openEventStream(`${url}/api/events`, cast[role].cookie)));
  for (const tab of tabs) expect(await tab.ready).toBe(200);
  let fences = 0;

  /** Everything the receiver can see now; live events up to a fence of the receiver's own. */
  const observe = async (label: string) => {
    const get = async (path: string) => {
      const res = await receiver.get(path);
      return { path, raw: normalise(rawResponse(res)), body: res.json() as unknown };
    };
    const inbox = await get('/api/me/inbox');
    const counters = await get('/api/me/counters');
    // the list and the badge come from one rule: they always agree
    expect((counters.body as { unansweredQuestions: number }).unansweredQuestions).toBe((inbox.body as { items: unknown[] }).items.length);
    const pages = [
      inbox,
      counters,
      await get('/api/feed'),
      await get(`/api/feed/new-count?since=${new Date(0).toISOString()}`),
      await get('/api/notifications/activity'),
      await get('/api/notifications/answers'),
      await get(`/api/users/${cast.receiver.username}`),
      await get(`/api/users/${cast.receiver.username}/answers`),
      await get('/api/me/blocks'),
      await get('/api/me/blocked-askers'),
      await get('/api/me/filtered'),
    ];
    // the grouped Activity and everyone in each of its groups
    const groups = await get('/api/notifications/activity/groups');
    pages.push(groups);
    for (const group of (groups.body as { items: { id: string }[] }).items) {
      pages.push(await get(`/api/notifications/activity/groups/${encodeURIComponent(group.id)}/people`));
    }
    // what the receiver's device gets: each push composed as the worker sends it
    const pushes = (await composedPushes(ctx.db, cast.receiver.id)).map(({ title, body, data }) => ({ title, body, data }));
    const emails = await ctx.db
      .select({ kind: emailOutbox.kind, data: emailOutbox.data })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, cast.receiver.id))
      .orderBy(emailOutbox.createdAt, emailOutbox.kind);
    fences += 1;
    await receiver.post('/api/notifications/read', { tab: 'answers' });
    await eventually(() => stream.events.filter((e) => e.type === 'counters').length >= fences, `fence ${fences}`);
    observations.push(`${label}: ${pages.map((page) => `${page.path}\n${page.raw}`).join('\n')}`);
    observations.push(`${label}, pushes and emails: ${normalise(JSON.stringify({ pushes, emails }))}`);
    // the stream as it arrived, ids included
    observations.push(`${label}, live events:\n${stream.raw}`);
  };
  const act = async (label: string, request: Promise<Parameters<typeof rawResponse>[0]>) => {
    observations.push(`${label}: ${normalise(rawResponse(await request))}`);
  };
  const ask = async (from: TestUser, text: string, isAnonymous = true) => {
    const res = await apiAs(app, from).post(`/api/users/${cast.receiver.username}/questions`, { text, isAnonymous });
    expect(res.statusCode).toBe(201);
  };
  const askAnyway = (from: TestUser, text: string, isAnonymous = true) =>
    apiAs(app, from).post(`/api/users/${cast.receiver.username}/questions`, { text, isAnonymous });
  const inboxIdOf = async (text: string) => {
    const items = (await receiver.get('/api/me/inbox')).json().items as { id: string; text: string }[];
    const found = items.find((q) => q.text === text);
    if (!found) throw new Error(`"${text}" is not in the inbox of the world where ${senderRole} asked`);
    return found.id;
  };

  await ask(cast.named, 'a named question');
  await ask(sender, 'anonymous one');
  await ask(sender, 'anonymous two');
  await ask(sender, 'anonymous three');
  // 'Ask my followers' (decision 311): the receiver follows every candidate, so it reaches them whoever sent it
  expect((await apiAs(app, sender).post('/api/me/followers/questions', { text: 'to all my followers', isAnonymous: true })).statusCode).toBe(204);
  await app.ctx.followerQuestions.kick(); // fanned out after the answer
  expect((await apiAs(app, cast.admin).post('/api/admin/global-question', { text: 'the global question' })).statusCode).toBe(200);
  await observe('received');

  // named blocks both ways, the admin (the global question's sender) included
  await act('block alice', receiver.post(`/api/users/${cast.alice.username}/block`));
  await observe('receiver blocked alice');
  await act('bruno blocks', apiAs(app, cast.bruno).post(`/api/users/${cast.receiver.username}/block`));
  await observe('bruno blocked the receiver');
  await act('block admin', receiver.post(`/api/users/${cast.admin.username}/block`));
  await observe('receiver blocked the admin');

  // actions on anonymous questions answer the same
  const firstAnswerId = await inboxIdOf('anonymous one');
  await act('answer', receiver.post(`/api/questions/${firstAnswerId}/answer`, { answer: 'my answer' }));
  await act('answer again', receiver.post(`/api/questions/${await inboxIdOf('anonymous two')}/answer`, { answer: 'second answer' }));
  await act('delete', receiver.delete(`/api/questions/${await inboxIdOf('the global question')}`));
  await observe('after answers');
  // the answer's image, byte for byte (the owner's own card: the receiver's profile is private)
  for (const card of ['link-light', 'story-dark']) {
    const res = await receiver.get(`/api/me/answers/${firstAnswerId}/cards/${card}.png`);
    expect(res.statusCode).toBe(200);
    observations.push(`card ${card}: ${res.headers['content-type']} ${crypto.createHash('sha256').update(res.rawPayload).digest('hex')}`);
  }

  await act('unblock alice', receiver.delete(`/api/users/${cast.alice.username}/block`));
  await act('bruno unblocks', apiAs(app, cast.bruno).delete(`/api/users/${cast.receiver.username}/block`));
  await act('unblock admin', receiver.delete(`/api/users/${cast.admin.username}/block`));
  await observe('blocks lifted');

  // 'Who may ask me' and a paused inbox are checked for anonymous questions too, naming no one:
  // whoever the anonymous asker is, they are let in or told the same, and the receiver sees the same
  // the blocks above cut some follows: the follow rule can only be blind to the sender when it treats every candidate alike
  for (const role of CANDIDATES) await act(`follow ${role} again`, receiver.post(`/api/users/${cast[role].username}/follow`));
  await act('only people I follow', receiver.patch('/api/me/settings', { whoMayAsk: 'following' }));
  await act('anonymous from someone followed', askAnyway(sender, 'anonymous while following'));
  await act('only older accounts', receiver.patch('/api/me/settings', { whoMayAsk: 'older_accounts', whoMayAskMinDays: 30 }));
  await act('anonymous from a young account', askAnyway(sender, 'anonymous too young'));
  await act('named from a young account', askAnyway(cast.named, 'named too young', false));
  await act('pause', receiver.patch('/api/me/settings', { inboxPaused: true, whoMayAsk: 'everyone' }));
  await act('anonymous to a paused inbox', askAnyway(sender, 'anonymous while paused'));
  await act('named to a paused inbox', askAnyway(cast.named, 'named while paused', false));
  await act('resume', receiver.patch('/api/me/settings', { inboxPaused: false }));
  await observe('inbox control');

  // the Filtered folder (decision 310): muted-word questions kept there, moved and deleted, the same whoever asked
  await act('keep filtered', receiver.patch('/api/me/settings', { keepFilteredQuestions: true }));
  await act('mute a word', receiver.post('/api/me/muted-words', { word: 'durian' }));
  await ask(sender, 'anonymous durian one');
  await ask(sender, 'anonymous durian two');
  await ask(cast.named, 'named durian', false);
  await observe('filtered kept');
  const filteredIdOf = async (text: string) =>
    ((await receiver.get('/api/me/filtered')).json().items as { id: string; text: string }[]).find((q) => q.text === text)!.id;
  await act('move to the inbox', receiver.post(`/api/me/filtered/${await filteredIdOf('anonymous durian one')}/inbox`));
  await act('delete filtered', receiver.delete(`/api/me/filtered/${await filteredIdOf('anonymous durian two')}`));
  await observe('filtered moved and deleted');

  // 'Block this asker': the same answer, and the same nothing afterwards, whoever it was
  await act('block this asker', receiver.post(`/api/questions/${await inboxIdOf('anonymous three')}/block-asker`));
  await ask(sender, 'anonymous four');
  // every candidate's named question arrives: were the blocked asker's dropped, its absence would name them
  for (const role of CANDIDATES) await ask(cast[role], `named from ${role} after the block`, false);
  await ask(cast.named, 'another named question');
  await observe('asker blocked');

  for (const open of [stream, ...tabs]) open.close();
  return observations;
}

describe(`anonymity proof (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the receiver observes the same things whichever user sent the anonymous questions, before and after blocks both ways', async () => {
    const worlds: string[][] = [];
    for (const senderRole of CANDIDATES) worlds.push(await observeWorld(senderRole));
    expect(worlds[0]!.length).toBeGreaterThan(10);
    // the script did what it says (the anonymous questions were listed, then the blocked asker's later anonymous ones never arrived, their named one did)
    expect(worlds[0]!.find((o) => o.startsWith('received:'))).toContain('anonymous three');
    const last = worlds[0]!.find((o) => o.startsWith('asker blocked:'))!;
    expect(last).toContain('another named question');
    expect(last).not.toContain('anonymous four');
    for (const role of CANDIDATES) expect(last).toContain(`named from ${role} after the block`);
    // the inbox control script did what it says: let in by the follow rule, refused by the age rule and the pause
    const control = worlds[0]!.find((o) => o.startsWith('inbox control:'))!;
    expect(control).toContain('anonymous while following');
    for (const refused of ['too young', 'while paused']) expect(control).not.toContain(refused);
    expect(worlds[0]!.find((o) => o.startsWith('anonymous from a young account:'))).toMatch(/: 403\n[^]*asker_not_allowed/);
    expect(worlds[0]!.find((o) => o.startsWith('anonymous to a paused inbox:'))).toMatch(/: 403\n[^]*inbox_paused/);
    for (const world of worlds.slice(1)) {
      for (const [i, observation] of world.entries()) expect(observation).toBe(worlds[0]![i]);
    }
  }, 240_000); // a long script in one world per candidate, each on a database of its own
});

/**
 * Questions from people without an account (decision 305): the receiver cannot tell a visitor's
 * question from an account's anonymous one (same inbox item, badge, push, email, answer, block and
 * blocked list), and a visitor cannot tell a question dropped by the receiver's choices (a muted
 * word, 'Block this asker') from one that arrived.
 */
describe('anonymity proof: questions from people without an account', () => {
  async function visitorWorld(): Promise<{ t: TestApp; receiver: TestUser; normalise: (text: string) => string }> {
    t = await createTestApp({ visitorQuestions: true, challenge: { enabled: false, difficulty: 2 } });
    const receiver = await signUpUser(t.app, { username: 'receiver_v', fullname: 'The Receiver' });
    await t.ctx.db.update(users).set({ emailNotifications: 'each' }).where(eq(users.id, receiver.id));
    await insertSubscription(t.ctx.db, receiver.id);
    await apiAs(t.app, receiver).patch('/api/me/settings', { publicProfile: true, visitorQuestions: true });
    return { t, receiver, normalise: worldNormaliser({ receiver: receiver.id }) };
  }
  const visitorAsks = async (app: TestApp, username: string, text: string, ip: string) => {
    const challenge = await solvedChallenge(app.app, 'visitor_question');
    return app.app.inject({ method: 'POST', url: `/api/visitors/${username}/questions`, remoteAddress: ip, payload: { text, challenge } });
  };

  /** The receiver's whole view of one anonymous question, through answering it and blocking the next one's asker. */
  async function receiverObserves(ask: (text: string) => Promise<void>, world: Awaited<ReturnType<typeof visitorWorld>>): Promise<string[]> {
    const { t: app, receiver, normalise } = world;
    const as = apiAs(app.app, receiver);
    const seen: string[] = [];
    const look = async (path: string) => seen.push(`${path}\n${normalise(rawResponse(await as.get(path)))}`);
    const rows = async () => {
      const pushes = (await composedPushes(app.ctx.db, receiver.id)).map(({ title, body, data }) => ({ title, body, data }));
      const emails = await app.ctx.db.select({ kind: emailOutbox.kind, data: emailOutbox.data }).from(emailOutbox).where(eq(emailOutbox.userId, receiver.id));
      seen.push(normalise(JSON.stringify({ pushes, emails })));
    };
    await ask('Who am I?');
    await ask('And now?');
    for (const path of ['/api/me/inbox', '/api/me/counters', '/api/me/inbox?filter=anonymous', '/api/me/inbox?filter=named']) await look(path);
    await rows();
    const [second, first] = (await as.get('/api/me/inbox')).json().items as { id: string }[];
    seen.push(normalise(rawResponse(await as.post(`/api/questions/${first!.id}/answer`, { answer: 'A mystery.' }))));
    seen.push(normalise(rawResponse(await as.post(`/api/questions/${second!.id}/block-asker`))));
    for (const path of ['/api/me/inbox', `/api/users/${receiver.username}/answers`, '/api/me/blocked-askers', '/api/notifications/activity']) await look(path);
    return seen;
  }

  it('the receiver observes the same things whether an account or a visitor sent the anonymous questions', async () => {
    const fromMember = await visitorWorld();
    const member = await signUpUser(fromMember.t.app, { username: 'member_v', fullname: 'A Member' });
    const memberView = await receiverObserves(async (text) => {
      expect((await apiAs(fromMember.t.app, member).post(`/api/users/${fromMember.receiver.username}/questions`, { text, isAnonymous: true })).statusCode).toBe(
        201,
      );
    }, fromMember);
    await t!.close();
    t = null;

    const fromVisitor = await visitorWorld();
    // the same number of accounts as the member's world: only the asker differs
    await signUpUser(fromVisitor.t.app, { username: 'member_v', fullname: 'A Member' });
    const visitorView = await receiverObserves(async (text) => {
      expect((await visitorAsks(fromVisitor.t, fromVisitor.receiver.username, text, '203.0.113.9')).statusCode).toBe(204);
    }, fromVisitor);
    expect(visitorView.join('\n')).toContain('Who am I?');
    expect(visitorView).toEqual(memberView);
  });

  it('a visitor gets the same bytes for a question dropped (muted word, blocked asker) as for one that arrived', async () => {
    const { t: app, receiver } = await visitorWorld();
    await apiAs(app.app, receiver).post('/api/me/muted-words', { word: 'spoiler' });
    const arrived = rawResponse(await visitorAsks(app, receiver.username, 'A fair question', '203.0.113.1'));
    const muted = rawResponse(await visitorAsks(app, receiver.username, 'A spoiler question', '203.0.113.2'));
    const [fromFirst] = (await apiAs(app.app, receiver).get('/api/me/inbox')).json().items as { id: string }[];
    await apiAs(app.app, receiver).post(`/api/questions/${fromFirst!.id}/block-asker`);
    const blocked = rawResponse(await visitorAsks(app, receiver.username, 'Blocked, still asking', '203.0.113.1'));
    expect(muted).toBe(arrived);
    expect(blocked).toBe(arrived);
    expect((await apiAs(app.app, receiver).get('/api/me/inbox')).json().items).toEqual([]);
  });
});
