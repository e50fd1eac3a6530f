import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, federationDeliveries, pushNotifications, users } from '../db/schema/index.js';
import { publishLive, type BusMessage } from '../realtime/bus.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { composedPushes, eventually, insertFollow, insertLike, insertQuestion, insertSubscription } from '../test/notificationFixtures.js';
import { events } from './emit.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const at = new Date('2026-03-04T05:06:07.000Z');

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpUser(t.app, { username: 'alice_h', fullname: 'Alice Liddell' });
  bob = await signUpUser(t.app, { username: 'bob_h', fullname: 'Bob Builder' });
  carol = await signUpUser(t.app, { username: 'carol_h', fullname: 'Carol No Device' });
  await insertSubscription(t.ctx.db, alice.id);
  await insertSubscription(t.ctx.db, alice.id); // a second device: still one record per event
});
afterAll(() => t.close());

/** The push rows as the worker would send them now (their words are composed when sent). */
const rowsFor = (userId: string) => composedPushes(t.ctx.db, userId);
const clearOutbox = () => t.ctx.db.delete(pushNotifications);

/**
 * Records live events from now on. Events of earlier tests may still be on their way (PostgreSQL
 * delivers NOTIFY asynchronously, in commit order), so a fence event is published and awaited first.
 */
async function captureLive() {
  const seen: BusMessage[] = [];
  const fence = `fence-${crypto.randomUUID()}`;
  let fenced = false;
  const stop = t.ctx.bus.subscribe((m) => {
    if (fenced) seen.push(m);
    else if ('userId' in m.to && m.to.userId === fence) fenced = true;
  });
  await publishLive(t.ctx.db, { to: { userId: fence }, type: 'counters' });
  await eventually(() => fenced, 'the fence event');
  return { seen, stop };
}

describe('push outbox records', () => {
  it('follow: title, body ending "started following you!", data with follower id and username', async () => {
    await clearOutbox();
    await t.ctx.db.transaction(async (tx) => {
      await insertFollow(tx, bob.id, alice.id);
      await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: alice.id, at });
    });
    const rows = await rowsFor(alice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'New Follower 👋', body: 'Bob Builder (@bob_h) started following you!', sent: false });
    expect(rows[0]!.body?.endsWith('started following you!')).toBe(true);
    expect(rows[0]!.data).toEqual({ type: 'follow', followerId: bob.id, followerUsername: 'bob_h', timestamp: at.toISOString() });
  });

  it('like: quotes the first 30 characters of the answer plus "..." when longer', async () => {
    await clearOutbox();
    const long = 'This answer is certainly longer than thirty characters';
    const postId = await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: alice.id, answer: long });
    await t.ctx.db.transaction(async (tx) => {
      await insertLike(tx, bob.id, postId);
      await events.emit(tx, t.ctx, { type: 'likesToggled', liked: [{ likerId: bob.id, answerId: postId, at }], unliked: [] });
    });
    const [row] = await rowsFor(alice.id);
    expect(row).toMatchObject({ title: 'New Like ❤️', body: `Bob Builder liked your answer: "${long.slice(0, 30)}..."` });
    expect(row!.data).toEqual({ type: 'like', likerId: bob.id, likerUsername: 'bob_h', postId, timestamp: at.toISOString() });
  });

  it('like: a short answer is quoted whole, without "..."', async () => {
    await clearOutbox();
    const postId = await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: alice.id, answer: 'Exactly thirty characters long' });
    await t.ctx.db.transaction(async (tx) => {
      await insertLike(tx, bob.id, postId);
      await events.emit(tx, t.ctx, { type: 'likesToggled', liked: [{ likerId: bob.id, answerId: postId, at }], unliked: [] });
    });
    const [row] = await rowsFor(alice.id);
    expect(row!.body).toBe('Bob Builder liked your answer: "Exactly thirty characters long"');
  });

  it("like: never a record for liking one's own answer", async () => {
    await clearOutbox();
    const postId = await insertQuestion(t.ctx.db, { senderId: null, receiverId: alice.id, answer: 'mine' });
    await t.ctx.db.transaction(async (tx) => {
      await insertLike(tx, alice.id, postId);
      await events.emit(tx, t.ctx, { type: 'likesToggled', liked: [{ likerId: alice.id, answerId: postId, at }], unliked: [] });
    });
    expect(await rowsFor(alice.id)).toHaveLength(0);
  });

  it('question from a named sender: fullname and @username in the body', async () => {
    await clearOutbox();
    const questionId = await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: alice.id, isAnonymous: false });
    await t.ctx.db.transaction((tx) =>
      events.emit(tx, t.ctx, { type: 'questionAsked', questionId, receiverId: alice.id, senderId: bob.id, isAnonymous: false, at }),
    );
    const [row] = await rowsFor(alice.id);
    expect(row).toMatchObject({ title: 'New Question ❓', body: 'Bob Builder (@bob_h) sent you a question!' });
    expect(row!.data).toEqual({ type: 'question', senderId: bob.id, senderUsername: 'bob_h', isAnonymous: false, timestamp: at.toISOString() });
  });

  it('anonymous question: the anonymous body and no sender in the data', async () => {
    await clearOutbox();
    const questionId = await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: alice.id, isAnonymous: true });
    await t.ctx.db.transaction((tx) =>
      events.emit(tx, t.ctx, { type: 'questionAsked', questionId, receiverId: alice.id, senderId: bob.id, isAnonymous: true, at }),
    );
    const [row] = await rowsFor(alice.id);
    expect(row!.body).toBe('Someone sent you an anonymous question!');
    expect(row!.data).toEqual({ type: 'question', senderId: null, senderUsername: null, isAnonymous: true, timestamp: at.toISOString() });
    expect(JSON.stringify(row)).not.toContain('bob_h');
  });

  it('no record when the recipient has no push subscription', async () => {
    await clearOutbox();
    const postId = await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: carol.id, answer: 'hello' });
    await t.ctx.db.transaction(async (tx) => {
      await insertFollow(tx, bob.id, carol.id);
      await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: carol.id, at });
      await insertLike(tx, bob.id, postId);
      await events.emit(tx, t.ctx, { type: 'likesToggled', liked: [{ likerId: bob.id, answerId: postId, at }], unliked: [] });
      await events.emit(tx, t.ctx, { type: 'questionAsked', questionId: postId, receiverId: carol.id, senderId: bob.id, isAnonymous: false, at });
    });
    expect(await rowsFor(carol.id)).toHaveLength(0);
  });

  it("the record is part of the event's transaction: a rollback leaves no record", async () => {
    await clearOutbox();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await insertFollow(tx, bob.id, alice.id);
        await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: alice.id, at });
        throw new Error('the follow failed');
      }),
    ).rejects.toThrow('the follow failed');
    expect(await rowsFor(alice.id)).toHaveLength(0);
  });

  it('global question: one anonymous record per receiving user who has a device, in one statement', async () => {
    await clearOutbox();
    const text = 'Global: what made you smile today?';
    await t.ctx.db.transaction(async (tx) => {
      for (const user of [alice, bob, carol]) await insertQuestion(tx, { senderId: null, receiverId: user.id, text, isGlobal: true, createdAt: at });
      // an older global question with the same text is not this send
      await insertQuestion(tx, { senderId: null, receiverId: alice.id, text, isGlobal: true, createdAt: new Date(at.getTime() - 86_400_000) });
      await events.emit(tx, t.ctx, { type: 'globalQuestionSent', text, count: 3, at });
    });
    const rows = await composedPushes(t.ctx.db);
    expect(rows.map((r) => r.userId)).toEqual([alice.id]);
    expect(rows[0]).toMatchObject({ title: 'New Question ❓', body: 'Someone sent you an anonymous question!' });
    expect(rows[0]!.data).toEqual({ type: 'question', senderId: null, senderUsername: null, isAnonymous: true, timestamp: at.toISOString() });
  });

  it("speaks the recipient's language (users.locale): follow, like, question and the global send", async () => {
    await clearOutbox();
    const dana = await signUpUser(t.app, { username: 'dana_h', fullname: 'Dana Française' });
    await insertSubscription(t.ctx.db, dana.id);
    await t.ctx.db.update(users).set({ locale: 'fr' }).where(eq(users.id, dana.id));
    const postId = await insertQuestion(t.ctx.db, { senderId: bob.id, receiverId: dana.id, answer: 'Oui, et c’est une longue réponse à lire' });
    const text = 'Global: bonjour ?';
    await t.ctx.db.transaction(async (tx) => {
      await insertFollow(tx, bob.id, dana.id);
      await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: dana.id, at });
      await insertLike(tx, bob.id, postId);
      await events.emit(tx, t.ctx, { type: 'likesToggled', liked: [{ likerId: bob.id, answerId: postId, at }], unliked: [] });
      const questionId = await insertQuestion(tx, { senderId: bob.id, receiverId: dana.id, text: 'Ça va ?' });
      await events.emit(tx, t.ctx, { type: 'questionAsked', questionId, receiverId: dana.id, senderId: bob.id, isAnonymous: true, at });
      for (const user of [alice, dana]) await insertQuestion(tx, { senderId: null, receiverId: user.id, text, isGlobal: true, createdAt: at });
      await events.emit(tx, t.ctx, { type: 'globalQuestionSent', text, count: 2, at });
    });
    const texts = (await rowsFor(dana.id)).map(({ title, body }) => ({ title, body }));
    expect(texts).toEqual(
      expect.arrayContaining([
        { title: 'Nouvel abonné 👋', body: 'Bob Builder (@bob_h) a commencé à vous suivre\u202f!' },
        { title: 'Nouveau J’aime ❤️', body: 'Bob Builder a aimé votre réponse\u00a0: «\u00a0Oui, et c’est une longue répon…\u00a0»' },
        { title: 'Nouvelle question ❓', body: 'Quelqu’un vous a envoyé une question anonyme\u202f!' },
      ]),
    );
    expect(texts.filter((x) => x.title === 'Nouvelle question ❓')).toHaveLength(2); // the asked one and the global one
    // the global send's English recipient still reads English, from the same statement
    expect((await rowsFor(alice.id)).map((r) => r.title)).toEqual(['New Question ❓']);
  });

  it('are composed when sent: the language then, and nothing about what is gone or hidden since', async () => {
    await clearOutbox();
    const erin = await signUpUser(t.app, { username: 'erin_h', fullname: 'Erin Later' });
    await insertSubscription(t.ctx.db, erin.id);
    const answerId = await insertQuestion(t.ctx.db, { senderId: null, receiverId: erin.id, answer: 'An answer soon deleted' });
    let questionId = '';
    await t.ctx.db.transaction(async (tx) => {
      await insertFollow(tx, bob.id, erin.id);
      await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: erin.id, at });
      await insertLike(tx, bob.id, answerId);
      await events.emit(tx, t.ctx, { type: 'likesToggled', liked: [{ likerId: bob.id, answerId, at }], unliked: [] });
      questionId = await insertQuestion(tx, { senderId: bob.id, receiverId: erin.id, text: 'Named?', isAnonymous: false });
      await events.emit(tx, t.ctx, { type: 'questionAsked', questionId, receiverId: erin.id, senderId: bob.id, isAnonymous: false, at });
    });
    // nothing but ids was written when it happened
    const stored = await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, erin.id));
    expect(stored.map((row) => [row.title, row.body])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    await t.ctx.db.update(users).set({ locale: 'fr' }).where(eq(users.id, erin.id));
    expect((await rowsFor(erin.id)).map((row) => row.title)).toEqual(['Nouvel abonné 👋', 'Nouveau J’aime ❤️', 'Nouvelle question ❓']);
    // the answer deleted and the question answered since: only the follow is left to say
    await t.ctx.db.execute(sql`delete from questions where id = ${answerId}`);
    await t.ctx.db.execute(sql`update questions set answered = true, answer = 'Yes' where id = ${questionId}`);
    expect((await rowsFor(erin.id)).map((row) => row.title)).toEqual(['Nouvel abonné 👋', null, null]);
    // the follower blocked since: nothing at all
    await t.ctx.db.execute(sql`insert into blocks (blocker_id, blocked_id) values (${erin.id}, ${bob.id})`);
    expect((await rowsFor(erin.id)).map((row) => row.title)).toEqual([null, null, null]);
  });
});

describe('live events from the side effects', () => {
  it('are published at commit to the right audience', async () => {
    const { seen, stop } = await captureLive();
    await t.ctx.db.transaction(async (tx) => {
      await insertFollow(tx, bob.id, carol.id);
      await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: carol.id, at });
      await events.emit(tx, t.ctx, { type: 'questionAsked', questionId: 'q', receiverId: carol.id, senderId: bob.id, isAnonymous: true, at });
      await events.emit(tx, t.ctx, { type: 'answered', answerId: 'q', receiverId: carol.id, senderId: bob.id, at });
    });
    await eventually(() => seen.length >= 4, 'four live events');
    stop();
    // PostgreSQL folds identical notifications of one transaction into one: 'question' to carol once
    expect(seen).toEqual([
      { to: { userId: carol.id }, type: 'notification' },
      { to: { userId: carol.id }, type: 'question' },
      { to: { followersOf: carol.id }, type: 'answer' },
      { to: { userId: bob.id }, type: 'notification' },
    ]);
  });

  it('are dropped when the transaction rolls back', async () => {
    const { seen, stop } = await captureLive();
    await t.ctx.db
      .transaction(async (tx) => {
        await insertFollow(tx, bob.id, carol.id);
        await events.emit(tx, t.ctx, { type: 'followed', followerId: bob.id, followeeId: carol.id, at });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // a committed marker event proves the bus has caught up: anything from the rollback would come first
    await t.ctx.db.transaction((tx) => events.emit(tx, t.ctx, { type: 'answered', answerId: 'q', receiverId: bob.id, senderId: null, at }));
    await eventually(() => seen.length >= 2, 'the marker events');
    stop();
    expect(seen.map((m) => m.type)).toEqual(['answer', 'question']);
  });
});

describe('a quietly dropped question', () => {
  it('leaves no trace in any channel: no push, no email, no federation row, no live event', async () => {
    const [receiver, asker, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertSubscription(t.ctx.db, receiver.id);
    await t.ctx.db.update(users).set({ emailNotifications: 'each' }).where(eq(users.id, receiver.id));
    expect((await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'banana' })).statusCode).toBeLessThan(300);
    const ask = (from: TestUser, text: string) => apiAs(t.app, from).post(`/api/users/${receiver.username}/questions`, { text, isAnonymous: true });
    const traces = async () => ({
      push: (await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).length,
      email: (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, receiver.id))).length,
      federation: (await t.ctx.db.select().from(federationDeliveries).where(eq(federationDeliveries.userId, receiver.id))).length,
    });
    const before = await traces();
    const { seen, stop } = await captureLive();

    expect((await ask(asker, 'a banana, anonymously?')).statusCode).toBe(201);
    expect(await traces()).toEqual(before);
    // a delivered question after it: its live event comes after anything the dropped one could have published
    expect((await ask(other, 'a question that arrives')).statusCode).toBe(201);
    await eventually(() => seen.some((m) => 'userId' in m.to && m.to.userId === receiver.id), 'the delivered question');
    stop();
    expect(seen.filter((m) => 'userId' in m.to && m.to.userId === receiver.id)).toEqual([{ to: { userId: receiver.id }, type: 'question' }]);
    expect(await traces()).toEqual({ ...before, push: before.push + 1, email: before.email + 1 });
  });
});
