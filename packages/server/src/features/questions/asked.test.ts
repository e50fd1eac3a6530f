import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).json().id as string;

describe("GET /api/me/questions-asked ('Questions I asked')", () => {
  it('lists what I asked, newest first, with the answer once there is one; waiting, deleted and dropped ones look alike', async () => {
    const [me, receiver, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const receiverApi = apiAs(t.app, receiver);
    expect((await receiverApi.post('/api/me/muted-words', { word: 'banana' })).statusCode).toBeLessThan(300);
    const answered = await ask(me, receiver, 'answered one', false);
    expect((await receiverApi.post(`/api/questions/${answered}/answer`, { answer: 'Here you go' })).statusCode).toBe(204);
    const deleted = await ask(me, receiver, 'deleted one');
    expect((await receiverApi.delete(`/api/questions/${deleted}`)).statusCode).toBeLessThan(300);
    await ask(me, receiver, 'a banana question');
    await ask(me, receiver, 'still waiting');
    await ask(other, receiver, 'not mine');

    const res = await apiAs(t.app, me).get('/api/me/questions-asked');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    expect(items.map((q) => q.text)).toEqual(['still waiting', 'a banana question', 'deleted one', 'answered one']);
    const to = { username: receiver.username, fullname: receiver.fullname };
    expect(items[3]).toMatchObject({ receiver: to, isAnonymous: false, answer: 'Here you go' });
    expect(items[3]!.answeredAt).toEqual(expect.any(String));
    // not answered, for whatever reason: the same fields, the same values but the text and times
    const shape = (q: Record<string, unknown>) => ({ ...q, id: 'id', text: 'text', createdAt: 'at' });
    for (const q of items.slice(1, 3)) expect(shape(q)).toEqual(shape(items[0]!));
    expect(items[0]).toMatchObject({ receiver: to, isAnonymous: true, answer: null, answeredAt: null });
  });

  it('pages 20 at a time, every question once, and hides an answer its receiver no longer lets me see', async () => {
    const [me, receiver] = [await signUpUser(t.app), await signUpUser(t.app)];
    const first = await ask(me, receiver, 'q 0', false);
    expect((await apiAs(t.app, receiver).post(`/api/questions/${first}/answer`, { answer: 'yes' })).statusCode).toBe(204);
    for (let i = 1; i < 23; i += 1) await ask(me, receiver, `q ${i}`);
    const pageOne = (await apiAs(t.app, me).get('/api/me/questions-asked')).json();
    const pageTwo = (await apiAs(t.app, me).get(`/api/me/questions-asked?cursor=${encodeURIComponent(pageOne.nextCursor)}`)).json();
    const texts = [...pageOne.items, ...pageTwo.items].map((q: { text: string }) => q.text);
    expect(texts).toEqual(Array.from({ length: 23 }, (_, i) => `q ${22 - i}`));
    expect(pageTwo.nextCursor).toBeNull();
    expect(pageTwo.items.at(-1).answer).toBe('yes');

    expect((await apiAs(t.app, receiver).post(`/api/users/${me.username}/block`)).statusCode).toBeLessThan(300);
    const after = (await apiAs(t.app, me).get(`/api/me/questions-asked?cursor=${encodeURIComponent(pageOne.nextCursor)}`)).json();
    expect(after.items.at(-1)).toMatchObject({ text: 'q 0', answer: null, answeredAt: null });
  });
});
