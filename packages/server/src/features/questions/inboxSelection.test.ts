import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** Inbox filters, search, and deleting all the questions a filter shows. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

type Item = { id: string; text: string; createdAt: string };
const inbox = async (user: TestUser, query = '') => (await apiAs(t.app, user).get(`/api/me/inbox${query}`)).json() as { items: Item[] };
const texts = async (user: TestUser, query = '') => (await inbox(user, query)).items.map((q) => q.text);
const deleteThrough = (user: TestUser, newest: Item, selection: string) =>
  apiAs(t.app, user).delete(`/api/me/inbox?${selection}&throughId=${newest.id}&throughAt=${encodeURIComponent(newest.createdAt)}`);

async function receiverWithQuestions() {
  const [receiver, asker, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
  const ask = (from: TestUser, text: string, isAnonymous: boolean) =>
    apiAs(t.app, from).post(`/api/users/${receiver.username}/questions`, { text, isAnonymous });
  await ask(asker, 'Favourite BOOK?', true);
  await ask(other, 'Which book now?', false);
  await ask(asker, 'Tea or coffee?', false);
  await ask(other, 'Any pets?', true);
  return { receiver, asker, ask };
}

describe('inbox filters and search', () => {
  it('shows all, the anonymous or the named questions, and those containing some words, any case', async () => {
    const { receiver } = await receiverWithQuestions();
    expect(await texts(receiver)).toEqual(['Any pets?', 'Tea or coffee?', 'Which book now?', 'Favourite BOOK?']);
    expect(await texts(receiver, '?filter=anonymous')).toEqual(['Any pets?', 'Favourite BOOK?']);
    expect(await texts(receiver, '?filter=named')).toEqual(['Tea or coffee?', 'Which book now?']);
    expect(await texts(receiver, '?q=book')).toEqual(['Which book now?', 'Favourite BOOK?']);
    expect(await texts(receiver, '?filter=anonymous&q=Book')).toEqual(['Favourite BOOK?']);
    expect(await texts(receiver, `?q=${encodeURIComponent('%')}`)).toEqual([]);
    // none of these came from another server (federation/inbox/remoteQuestions.test.ts has those)
    expect(await texts(receiver, '?filter=fediverse')).toEqual([]);
    expect((await apiAs(t.app, receiver).get('/api/me/inbox?filter=elsewhere')).statusCode).toBe(400);
  });

  it('pages a filtered list like the whole one', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    for (let i = 0; i < 23; i++) await apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text: `named ${i}`, isAnonymous: false });
    await apiAs(t.app, asker).post(`/api/users/${receiver.username}/questions`, { text: 'anonymous', isAnonymous: true });
    const first = (await apiAs(t.app, receiver).get('/api/me/inbox?filter=named')).json();
    expect(first.items).toHaveLength(20);
    const second = (await apiAs(t.app, receiver).get(`/api/me/inbox?filter=named&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((q: Item) => q.text)).toEqual(['named 2', 'named 1', 'named 0']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('deleting all the questions shown', () => {
  it('deletes the filtered questions up to the newest shown, never one that arrived meanwhile, and no one else’s', async () => {
    const { receiver, asker, ask } = await receiverWithQuestions();
    const other = await signUpUser(t.app);
    await apiAs(t.app, asker).post(`/api/users/${other.username}/questions`, { text: 'Not in the receiver’s inbox', isAnonymous: true });
    const [newestAnonymous] = (await inbox(receiver, '?filter=anonymous')).items;
    await ask(asker, 'Arrived while deciding', true);

    const deleted = await deleteThrough(receiver, newestAnonymous!, 'filter=anonymous');
    expect(deleted.json()).toEqual({ count: 2 });
    expect(await texts(receiver)).toEqual(['Arrived while deciding', 'Tea or coffee?', 'Which book now?']);
    expect(await texts(other)).toEqual(['Not in the receiver’s inbox']);
    expect((await apiAs(t.app, receiver).get('/api/me/counters')).json().unansweredQuestions).toBe(3);

    // everything, with a search
    const [newest] = (await inbox(receiver, '?q=o')).items;
    expect((await deleteThrough(receiver, newest!, 'q=o')).json()).toEqual({ count: 2 });
    expect(await texts(receiver)).toEqual(['Arrived while deciding']);
  });

  it('only ever deletes from the inbox of whoever asks', async () => {
    const { receiver } = await receiverWithQuestions();
    const [newest] = (await inbox(receiver)).items;
    const stranger = await signUpUser(t.app);
    expect((await deleteThrough(stranger, newest!, 'filter=all')).json()).toEqual({ count: 0 });
    expect(await texts(receiver)).toHaveLength(4);
  });

  it('refuses a bound that is not a real time', async () => {
    const { receiver } = await receiverWithQuestions();
    for (const at of ['2026-02-31T00:00:00Z', 'yesterday']) {
      const res = await apiAs(t.app, receiver).delete(`/api/me/inbox?throughId=x&throughAt=${encodeURIComponent(at)}`);
      expect(res.statusCode, at).toBe(400);
    }
    expect(await texts(receiver)).toHaveLength(4);
  });
});
