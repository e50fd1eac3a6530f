import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppInstance } from '../http/types.js';
import { testConfig } from '../config.js';
import { events } from '../events/emit.js';
import { apiAs, openTestDatabase, signUpUser, type TestUser } from '../test/harness.js';
import { insertFollow } from '../test/fixtures.js';
import { eventually, insertQuestion, openEventStream } from '../test/notificationFixtures.js';
import { suspendAccount } from '../features/moderation/suspension.js';
import { publishLive } from './bus.js';
import { MAX_STREAMS_PER_USER } from './hub.js';

/**
 * Two app instances on ONE database. With TEST_DATABASE_URL (npm run test:server:pg) they are two
 * pools plus two dedicated LISTEN clients on one PostgreSQL server; on the default PGlite run they
 * share one in-process database object. Either way an event published through A reaches B's streams.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let appA: AppInstance;
let appB: AppInstance;
let urlB: string;
let author: TestUser;
let follower: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig({ webDistDir: '/nonexistent' });
  appA = await buildApp(config, database);
  appB = await buildApp(config, database);
  await appA.listen({ port: 0, host: '127.0.0.1' });
  urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
  author = await signUpUser(appA, { username: 'author_l' });
  follower = await signUpUser(appA, { username: 'follower_l' });
  stranger = await signUpUser(appA, { username: 'stranger_l' });
  await insertFollow(appA.ctx.db, follower.id, author.id);
});
afterAll(async () => {
  await appA.close();
  await appB.close();
  await database.drop();
});

const answerThroughA = () =>
  appA.ctx.db.transaction((tx) => events.emit(tx, appA.ctx, { type: 'answered', answerId: 'q1', receiverId: author.id, senderId: null, at: new Date() }));

describe('GET /api/events', () => {
  it('refuses a signed-out visitor', async () => {
    expect((await apiAs(appB, null).get('/api/events')).statusCode).toBe(401);
  });

  it(`delivers an answer posted through instance A to a follower connected to instance B (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'shared PGlite'})`, async () => {
    const followerStream = openEventStream(`${urlB}/api/events`, follower.cookie);
    const strangerStream = openEventStream(`${urlB}/api/events`, stranger.cookie);
    expect(await followerStream.ready).toBe(200);
    expect(await strangerStream.ready).toBe(200);
    await answerThroughA();
    await eventually(() => followerStream.events.some((e) => e.type === 'answer'), "the follower's 'answer' event");
    // a later event to the stranger proves they were reachable yet got no 'answer'
    await apiAs(appA, stranger).post('/api/notifications/read', { tab: 'activity' });
    await eventually(() => strangerStream.events.some((e) => e.type === 'counters'), "the stranger's 'counters' event");
    expect(strangerStream.events.map((e) => e.type)).toEqual(['counters']);
    followerStream.close();
    strangerStream.close();
  });

  it("sends the owner of an answer a 'notification' event when someone likes it, from the like's own statement; none for one's own like", async () => {
    const answerId = await insertQuestion(appA.ctx.db, { senderId: null, receiverId: author.id, answer: 'Blue.' });
    const ownerStream = openEventStream(`${urlB}/api/events`, author.cookie);
    expect(await ownerStream.ready).toBe(200);
    expect((await apiAs(appA, author).post(`/api/answers/${answerId}/like`)).statusCode).toBe(200);
    expect((await apiAs(appA, follower).post(`/api/answers/${answerId}/like`)).json()).toEqual({ liked: true, likeCount: 2 });
    await eventually(() => ownerStream.events.some((e) => e.type === 'notification'), "the owner's 'notification' event");
    // events come in commit order: the owner's own like, committed first, sent none
    expect(ownerStream.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    ownerStream.close();
  });

  it('gives every event a distinct id and answers a reconnect with Last-Event-ID by "resync"', async () => {
    const stream = openEventStream(`${urlB}/api/events`, follower.cookie);
    await stream.ready;
    await answerThroughA();
    await apiAs(appA, follower).post('/api/notifications/read', { tab: 'answers' });
    await eventually(() => stream.events.length >= 2, 'two events');
    expect(new Set(stream.events.map((e) => e.id)).size).toBe(stream.events.length);
    stream.close();
    const again = openEventStream(`${urlB}/api/events`, follower.cookie, { 'last-event-id': stream.events.at(-1)!.id });
    await again.ready;
    await eventually(() => again.events.length >= 1, 'the resync event');
    expect(again.events[0]!.type).toBe('resync');
    again.close();
  });

  it("numbers a stream's events by that stream alone: other accounts' streams and events change nothing in its bytes", async () => {
    /** The follower's stream while `tabs` streams of the stranger are open and get two events each. */
    const followerFrames = async (tabs: number) => {
      const watched = openEventStream(`${urlB}/api/events`, follower.cookie);
      await watched.ready;
      const others = Array.from({ length: tabs }, () => openEventStream(`${urlB}/api/events`, stranger.cookie));
      for (const other of others) await other.ready;
      for (let i = 0; i < 2; i++) await apiAs(appA, stranger).post('/api/notifications/read', { tab: 'activity' });
      await eventually(() => others.every((other) => other.events.length >= 2), "the stranger's events");
      await apiAs(appA, follower).post('/api/notifications/read', { tab: 'activity' });
      await eventually(() => watched.events.length >= 1, "the follower's event");
      for (const stream of [watched, ...others]) stream.close();
      return watched.raw;
    };
    const alone = await followerFrames(0);
    expect(alone).toContain('event: counters');
    expect(await followerFrames(3)).toBe(alone);
  });

  it('delivers events to a stream in commit order, whatever their audience', async () => {
    const stream = openEventStream(`${urlB}/api/events`, follower.cookie);
    await stream.ready;
    // the first needs a look-up of the author's followers, the second none
    await answerThroughA();
    await apiAs(appA, follower).post('/api/notifications/read', { tab: 'activity' });
    await eventually(() => stream.events.length >= 2, 'two events');
    expect(stream.events.map((e) => e.type)).toEqual(['answer', 'counters']);
    stream.close();
  });

  it('an event rolled back with its transaction reaches no one and takes no id', async () => {
    const stream = openEventStream(`${urlB}/api/events`, follower.cookie);
    await stream.ready;
    await appA.ctx.db
      .transaction(async (tx) => {
        await publishLive(tx, { to: { userId: follower.id }, type: 'notification' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await apiAs(appA, follower).post('/api/notifications/read', { tab: 'activity' });
    await eventually(() => stream.events.length >= 1, 'the committed event');
    expect(stream.events).toEqual([{ id: '1', type: 'counters' }]);
    stream.close();
  });

  it('closes the stream when that session logs out, on any instance', async () => {
    const session = await signUpUser(appA, { username: 'leaver_l' });
    const stream = openEventStream(`${urlB}/api/events`, session.cookie);
    await stream.ready;
    expect((await apiAs(appA, session).post('/api/auth/logout')).statusCode).toBe(204);
    await eventually(() => stream.ended, 'the stream to end');
  });

  it("tells a suspended account's open streams why, then closes them, on any instance", async () => {
    const session = await signUpUser(appA, { username: 'suspended_l' });
    const stream = openEventStream(`${urlB}/api/events`, session.cookie);
    await stream.ready;
    await appA.ctx.db.transaction((tx) => suspendAccount(tx, appA.ctx, session.id, 'cli'));
    await eventually(() => stream.ended, 'the stream to end');
    expect(stream.events.map((e) => e.type)).toEqual(['suspended']);
  });

  it('is an event stream that sends heartbeats while idle', async () => {
    const config = testConfig({ webDistDir: '/nonexistent', sseHeartbeatMs: 30 });
    const appC = await buildApp(config, database);
    const urlC = await appC.listen({ port: 0, host: '127.0.0.1' });
    const stream = openEventStream(`${urlC}/api/events`, follower.cookie);
    await stream.ready;
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await eventually(() => stream.raw.includes(': heartbeat'), 'a heartbeat');
    stream.close();
    await appC.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams open per account: a new one ends the oldest`, async () => {
    const many = await signUpUser(appA, { username: 'many_tabs_l' });
    const streams: ReturnType<typeof openEventStream>[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) {
      const stream = openEventStream(`${urlB}/api/events`, many.cookie);
      await stream.ready;
      streams.push(stream);
    }
    await eventually(() => streams[0]!.ended, 'the oldest stream to end');
    expect(streams.slice(1).filter((stream) => stream.ended)).toEqual([]);
    // another account's streams are not touched
    const other = openEventStream(`${urlB}/api/events`, follower.cookie);
    await other.ready;
    expect(other.ended).toBe(false);
    for (const stream of [...streams, other]) stream.close();
  });

  it('closes open streams when the app closes', async () => {
    const config = testConfig({ webDistDir: '/nonexistent' });
    const appC = await buildApp(config, database);
    const urlC = await appC.listen({ port: 0, host: '127.0.0.1' });
    const stream = openEventStream(`${urlC}/api/events`, follower.cookie);
    await stream.ready;
    await appC.close();
    await eventually(() => stream.ended, 'the stream to end');
  });
});
