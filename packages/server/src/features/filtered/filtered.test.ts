import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTERED_KEEP_DAYS } from '@askbox/common';
import { emailOutbox, filteredQuestions, pushNotifications, questions } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertSubscription } from '../../test/notificationFixtures.js';
import { purgeOldFilteredQuestions } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

const ask = (asker: TestUser, receiver: TestUser, text: string, isAnonymous = true) =>
  apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text, isAnonymous });
const texts = (page: { items: { text: string }[] }) => page.items.map((q) => q.text);
const inbox = async (user: TestUser) => texts((await apiAs(t.app, user).get('/api/me/inbox')).json());
const folder = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/filtered')).json();

/** A receiver with one muted word ('spoiler') and the Filtered folder on, and a push device. */
async function receiverKeepingFiltered(): Promise<TestUser> {
  const receiver = await signUpUser(t.app);
  await insertSubscription(t.ctx.db, receiver.id);
  await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'spoiler' });
  expect((await apiAs(t.app, receiver).patch('/api/me/settings', { keepFilteredQuestions: true })).json().keepFilteredQuestions).toBe(true);
  return receiver;
}

describe('the Filtered folder', () => {
  it('is off by default: a muted word still drops the question, and the folder stays empty', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    expect((await apiAs(t.app, receiver).get('/api/me/settings')).json().keepFilteredQuestions).toBe(false);
    await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'spoiler' });
    expect((await ask(asker, receiver, 'A spoiler?')).statusCode).toBe(201);
    expect(await inbox(receiver)).toEqual([]);
    expect(await folder(receiver)).toEqual({ items: [], nextCursor: null });
  });

  it('keeps a muted-word question there: no inbox, badge, push, email or notification; the sender hidden when anonymous', async () => {
    const [receiver, asker] = [await receiverKeepingFiltered(), await signUpUser(t.app)];
    await apiAs(t.app, receiver).patch('/api/me/settings', { emailNotifications: 'each' });
    await ask(asker, receiver, 'Any spoilers?');
    await ask(asker, receiver, 'Named spoiler', false);
    await ask(asker, receiver, 'A plain question');
    expect(await inbox(receiver)).toEqual(['A plain question']);
    const kept = await folder(receiver);
    expect(texts(kept)).toEqual(['Named spoiler', 'Any spoilers?']);
    expect(kept.items[0].sender).toMatchObject({ username: asker.username });
    expect(kept.items[1]).toEqual({
      id: expect.any(String),
      text: 'Any spoilers?',
      isAnonymous: true,
      isGlobal: false,
      toFollowers: false,
      createdAt: expect.any(String),
      sender: null,
      remoteSender: null,
    });
    expect((await apiAs(t.app, receiver).get('/api/me/counters')).json().unansweredQuestions).toBe(1);
    // one push and one email: for the plain question only
    expect(await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, receiver.id))).toHaveLength(1);
  });

  it('a quiet asker block still drops: the folder shows nothing the inbox would not', async () => {
    const [receiver, asker] = [await receiverKeepingFiltered(), await signUpUser(t.app)];
    await ask(asker, receiver, 'first question');
    const [first] = (await apiAs(t.app, receiver).get('/api/me/inbox')).json().items;
    await apiAs(t.app, receiver).post(`/api/questions/${first.id}/block-asker`);
    await ask(asker, receiver, 'spoiler from a blocked asker');
    expect(texts(await folder(receiver))).toEqual([]);
  });

  it('moves a question to the inbox as a normal one, with no notification after the fact; the asker sees its answer', async () => {
    const [receiver, asker] = [await receiverKeepingFiltered(), await signUpUser(t.app)];
    const { id } = (await ask(asker, receiver, 'A spoiler, but a nice one')).json();
    const pushesBefore = (await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).length;
    expect((await apiAs(t.app, receiver).post(`/api/me/filtered/${id}/inbox`)).statusCode).toBe(204);
    expect(texts(await folder(receiver))).toEqual([]);
    expect(await inbox(receiver)).toEqual(['A spoiler, but a nice one']);
    expect((await apiAs(t.app, receiver).get('/api/me/counters')).json().unansweredQuestions).toBe(1);
    expect(await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).toHaveLength(pushesBefore);
    expect((await apiAs(t.app, receiver).post(`/api/questions/${id}/answer`, { answer: 'Fine.' })).statusCode).toBe(204);
    const asked = (await apiAs(t.app, asker).get('/api/me/questions-asked')).json().items;
    expect(asked[0]).toMatchObject({ id, answer: 'Fine.' });
  });

  it('deletes a question; only the receiver can delete or move theirs (404 for anyone else, the asker included)', async () => {
    const [receiver, asker] = [await receiverKeepingFiltered(), await signUpUser(t.app)];
    const { id } = (await ask(asker, receiver, 'spoiler to delete')).json();
    for (const other of [asker, await signUpUser(t.app)]) {
      expect((await apiAs(t.app, other).delete(`/api/me/filtered/${id}`)).statusCode).toBe(404);
      expect((await apiAs(t.app, other).post(`/api/me/filtered/${id}/inbox`)).statusCode).toBe(404);
    }
    expect((await apiAs(t.app, null).get('/api/me/filtered')).statusCode).toBe(401);
    expect((await apiAs(t.app, receiver).delete(`/api/me/filtered/${id}`)).statusCode).toBe(204);
    expect((await apiAs(t.app, receiver).delete(`/api/me/filtered/${id}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, receiver).post(`/api/me/filtered/${id}/inbox`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(questions).where(eq(questions.id, id))).toEqual([]);
  });

  it(`purges questions older than ${FILTERED_KEEP_DAYS} days, keeping the younger ones`, async () => {
    const [receiver, asker] = [await receiverKeepingFiltered(), await signUpUser(t.app)];
    const old = (await ask(asker, receiver, 'an old spoiler')).json().id;
    await ask(asker, receiver, 'a new spoiler');
    const now = new Date();
    await t.ctx.db
      .update(filteredQuestions)
      .set({ createdAt: new Date(now.getTime() - (FILTERED_KEEP_DAYS * 24 + 1) * 3_600_000) })
      .where(eq(filteredQuestions.id, old));
    expect(await purgeOldFilteredQuestions(t.ctx.db, now)).toBeGreaterThanOrEqual(1);
    expect(texts(await folder(receiver))).toEqual(['a new spoiler']);
  });
});
