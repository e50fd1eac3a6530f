import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, MUTED_WORDS_MAX } from '@askbox/common';
import { mutedWords, pushNotifications, questions, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertSubscription } from '../../test/notificationFixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

const words = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/muted-words')).json().items.map((i: { word: string }) => i.word);
const inboxTexts = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items.map((q: { text: string }) => q.text);

describe('muted words list', () => {
  it('adds (normalised), lists, removes, and refuses duplicates, blanks and too long words with clear messages', async () => {
    const me = await signUpUser(t.app);
    const as = apiAs(t.app, me);
    expect((await as.post('/api/me/muted-words', { word: '  Café  ' })).json().items).toMatchObject([{ word: 'café' }]);
    expect((await as.post('/api/me/muted-words', { word: 'bad   words' })).statusCode).toBe(200);
    const dup = await as.post('/api/me/muted-words', { word: 'CAFÉ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(en.errors.muted_word_exists);
    const blank = await as.post('/api/me/muted-words', { word: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(en.errors.muted_word_required);
    expect((await as.post('/api/me/muted-words', { word: 'x'.repeat(51) })).json().error.message).toBe('A muted word has at most 50 characters.');
    expect(await words(me)).toEqual(['café', 'bad words']);
    expect((await as.delete(`/api/me/muted-words/${encodeURIComponent('Café')}`)).json().items).toMatchObject([{ word: 'bad words' }]);
    expect((await as.delete('/api/me/muted-words/unknown')).statusCode).toBe(200);
    expect((await apiAs(t.app, null).get('/api/me/muted-words')).statusCode).toBe(401);
  });

  it(`holds at most ${MUTED_WORDS_MAX} words`, async () => {
    const me = await signUpUser(t.app);
    await t.ctx.db.insert(mutedWords).values(Array.from({ length: MUTED_WORDS_MAX }, (_, i) => ({ userId: me.id, word: `word${i}` })));
    const full = await apiAs(t.app, me).post('/api/me/muted-words', { word: 'one more' });
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe('You can mute at most 100 words. Remove one first.');
    expect(await words(me)).toHaveLength(MUTED_WORDS_MAX);
  });
});

describe('a question with a muted word', () => {
  it('never reaches the inbox, the badge or push; the asker gets the usual answer', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    await insertSubscription(t.ctx.db, receiver.id);
    await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'élan' });
    const muted = await apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text: 'Where is your ELAN?' });
    const kept = await apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text: 'Is this elanguage?', isAnonymous: false });
    expect(muted.statusCode).toBe(201);
    expect(kept.statusCode).toBe(201);
    expect(Object.keys(muted.json())).toEqual(['id']);
    expect(await inboxTexts(receiver)).toEqual(['Is this elanguage?']);
    expect((await apiAs(t.app, receiver).get('/api/me/counters')).json().unansweredQuestions).toBe(1);
    expect(await t.ctx.db.select().from(questions).where(eq(questions.id, muted.json().id))).toEqual([]);
    expect(await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).toHaveLength(1);
  });

  it('catches look-alike spellings and plurals, in a question and in the global question', async () => {
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'spoiler' });
    for (const text of ['SP01LERS inside', 'no sp0iiiler please', 'a spoiled ending?'])
      expect((await apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text })).statusCode).toBe(201);
    await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Any $poilers?' });
    expect(await inboxTexts(receiver)).toEqual(['a spoiled ending?']);
  });

  it("keeps the admin's global question from those who muted one of its words or refuse anonymous questions, and tells the admin nothing private", async () => {
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const [muting, refusing, blocking, plain] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await apiAs(t.app, muting).post('/api/me/muted-words', { word: 'weekend' });
    await apiAs(t.app, refusing).patch('/api/me/settings', { refuseAnonymousQuestions: true });
    // `blocking` quietly blocks the asker of an anonymous question that was the admin's
    await apiAs(t.app, admin).post(`/api/users/${blocking.username}/questions`, { text: 'a first question' });
    const [first] = (await apiAs(t.app, blocking).get('/api/me/inbox')).json().items;
    await apiAs(t.app, blocking).post(`/api/questions/${first.id}/block-asker`);

    const total = (await t.ctx.db.select({ id: users.id }).from(users)).length;
    const sent = await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Plans for the Weekend?' });
    // the count leaves out only who refuses anonymous questions (their ask box shows it): a muted word is private
    expect(sent.json().count).toBe(total - 1);
    expect(await inboxTexts(plain)).toEqual(['Plans for the Weekend?']);
    for (const user of [muting, refusing]) expect(await inboxTexts(user)).toEqual([]);
    // a quiet block does not keep global questions out: their absence would say the admin was the blocked asker
    expect(await inboxTexts(blocking)).toEqual(['Plans for the Weekend?']);
    // the same count when nobody mutes anything
    await apiAs(t.app, muting).delete('/api/me/muted-words/weekend');
    const again = await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Plans for the weekend, again?' });
    expect(again.json().count).toBe(sent.json().count);
  });
});
