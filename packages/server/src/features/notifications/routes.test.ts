import { eq } from 'drizzle-orm';
import { ACTIVITY_WINDOW_DAYS, activityWindowStart } from '@askbox/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blocks, follows, likes, questions, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';
import { insertLike, insertQuestion } from '../../test/notificationFixtures.js';

let t: TestApp;
let me: TestUser;
let bob: TestUser;
let carol: TestUser;
const longAgo = new Date('2020-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  me = await signUpUser(t.app, { username: 'me_n', fullname: 'Me Myself' });
  bob = await signUpUser(t.app, { username: 'bob_n', fullname: 'Bob N' });
  carol = await signUpUser(t.app, { username: 'carol_n', fullname: 'Carol N' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(likes);
  await t.ctx.db.delete(blocks);
  await t.ctx.db.delete(follows);
  await t.ctx.db.delete(questions);
  await t.ctx.db.update(users).set({ lastReadNotifications: longAgo, lastReadAnswers: longAgo });
});

const counters = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/counters')).json();

describe('GET /api/me/counters', () => {
  it('requires a signed-in user', async () => {
    expect((await apiAs(t.app, null).get('/api/me/counters')).statusCode).toBe(401);
    expect((await apiAs(t.app, null).get('/api/notifications/activity')).statusCode).toBe(401);
  });

  it('counts unanswered questions received, unread activity and unread answers', async () => {
    await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: me.id });
    await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id });
    await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: me.id, answer: 'done' }); // answered: not counted
    const mine = await insertQuestion(t.ctx.db, { senderId: carol.id, receiverId: me.id, answer: 'an answer of mine' });
    await insertFollow(t.ctx.db, bob.id, me.id);
    await insertLike(t.ctx.db, carol.id, mine);
    await insertLike(t.ctx.db, me.id, mine); // own like: not activity
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: bob.id, answer: 'bob answers me' });
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: carol.id, isAnonymous: true, answer: 'carol answers anonymous me' });
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: carol.id }); // unanswered: not an answer
    expect(await counters(me)).toEqual({ unansweredQuestions: 2, unreadActivity: 2, unreadAnswers: 2, pendingSignups: 0 });
  });

  it('only counts items newer than the last-read time', async () => {
    const readAt = new Date(Date.now() - 60_000);
    await t.ctx.db.update(users).set({ lastReadNotifications: readAt, lastReadAnswers: readAt }).where(eq(users.id, me.id));
    await insertFollow(t.ctx.db, bob.id, me.id, new Date(readAt.getTime() - 1000));
    await insertFollow(t.ctx.db, carol.id, me.id, new Date(readAt.getTime() + 1000));
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: bob.id, answer: 'old', answeredAt: new Date(readAt.getTime() - 1000) });
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: bob.id, answer: 'new', answeredAt: new Date(readAt.getTime() + 1000) });
    expect(await counters(me)).toMatchObject({ unreadActivity: 1, unreadAnswers: 1 });
  });

  it('leaves out users blocked either way, and their named questions, but never an anonymous question (decision 100)', async () => {
    await insertFollow(t.ctx.db, bob.id, me.id);
    await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: me.id, isAnonymous: false });
    await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: me.id, isAnonymous: true });
    await insertBlock(t.ctx.db, me.id, bob.id);
    // the badge counts what the inbox lists: the anonymous question stays, whoever sent it
    expect(await counters(me)).toMatchObject({ unansweredQuestions: 1, unreadActivity: 0 });
    expect((await apiAs(t.app, me).get('/api/me/inbox')).json().items).toMatchObject([{ isAnonymous: true, sender: null }]);
    expect((await apiAs(t.app, me).get('/api/notifications/activity')).json().items).toEqual([]);
  });
});

describe('POST /api/notifications/read', () => {
  it("stores now as the tab's last-read time and zeroes only that counter", async () => {
    await insertFollow(t.ctx.db, bob.id, me.id);
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: bob.id, answer: 'yes' });
    const before = new Date();
    const response = await apiAs(t.app, me).post('/api/notifications/read', { tab: 'activity' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ unreadActivity: 0, unreadAnswers: 1 });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.lastReadNotifications.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(row!.lastReadAnswers).toEqual(longAgo);
    expect((await apiAs(t.app, me).post('/api/notifications/read', { tab: 'answers' })).json()).toMatchObject({ unreadActivity: 0, unreadAnswers: 0 });
    // the items stay listed, now read
    const activity = (await apiAs(t.app, me).get('/api/notifications/activity')).json();
    expect(activity.items).toHaveLength(1);
    expect(activity.items[0].unread).toBe(false);
  });

  it('rejects an unknown tab with a 400', async () => {
    const response = await apiAs(t.app, me).post('/api/notifications/read', { tab: 'everything' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeDefined();
  });
});

describe('GET /api/notifications/activity', () => {
  it('lists follows and likes received with who, what and when, newest first', async () => {
    const post = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'my answer' });
    await insertFollow(t.ctx.db, bob.id, me.id, new Date(Date.now() - 5000));
    await insertLike(t.ctx.db, carol.id, post, new Date(Date.now() - 1000));
    const { items } = (await apiAs(t.app, me).get('/api/notifications/activity')).json();
    expect(items.map((i: { type: string; user: { username: string } }) => [i.type, i.user.username])).toEqual([
      ['like', 'carol_n'],
      ['follow', 'bob_n'],
    ]);
    expect(items[0].answer).toEqual({ id: post, answer: 'my answer', contentWarning: null });
    expect(items[0].unread).toBe(true);
    expect(items[1].answer).toBeNull();
    expect(JSON.stringify(items)).not.toContain('@example.test');
  });

  it('covers 7 days counted from midnight: the window start is in, a moment before is out', async () => {
    const start = activityWindowStart(ACTIVITY_WINDOW_DAYS);
    await insertFollow(t.ctx.db, bob.id, me.id, start);
    await insertFollow(t.ctx.db, carol.id, me.id, new Date(start.getTime() - 1));
    const { items } = (await apiAs(t.app, me).get('/api/notifications/activity')).json();
    expect(items.map((i: { user: { username: string } }) => i.user.username)).toEqual(['bob_n']);
    expect(await counters(me)).toMatchObject({ unreadActivity: 1 });
  });

  it('is empty for a new user', async () => {
    expect((await apiAs(t.app, carol).get('/api/notifications/activity')).json()).toEqual({ items: [], nextCursor: null });
  });
});

describe('GET /api/notifications/answers', () => {
  it('lists answers to questions the viewer sent, anonymous ones included, with the receiver', async () => {
    const named = await insertQuestion(t.ctx.db, {
      senderId: me.id,
      receiverId: bob.id,
      isAnonymous: false,
      text: 'named?',
      answer: 'named!',
      answeredAt: new Date(Date.now() - 2000),
    });
    const anon = await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: carol.id, isAnonymous: true, text: 'anon?', answer: 'anon!' });
    await insertQuestion(t.ctx.db, { senderId: me.id, receiverId: me.id, text: 'self', answer: 'self' });
    await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: carol.id, answer: 'not mine' });
    const { items } = (await apiAs(t.app, me).get('/api/notifications/answers')).json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: anon, question: 'anon?', answer: 'anon!', isAnonymous: true, receiver: { username: 'carol_n' }, unread: true });
    expect(items[1]).toMatchObject({ id: named, isAnonymous: false, receiver: { username: 'bob_n' } });
  });

  it('never shows another user who sent the question anonymously', async () => {
    await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: carol.id, isAnonymous: true, answer: 'a' });
    expect((await apiAs(t.app, carol).get('/api/notifications/answers')).json().items).toEqual([]);
  });
});
