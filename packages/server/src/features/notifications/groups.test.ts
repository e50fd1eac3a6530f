import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blocks, follows, likes, questions, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';
import { insertLike, insertQuestion } from '../../test/notificationFixtures.js';

let t: TestApp;
let me: TestUser;
let people: string[];
const longAgo = new Date('2020-01-01T00:00:00Z');

/** Many likers without the cost of a sign-up (password hashing) each. */
async function insertPeople(count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    return { id, email: `fan${i}@example.test`, username: `fan_${String(i).padStart(2, '0')}`, fullname: `Fan ${i}`, passwordHash: 'x' };
  });
  await t.ctx.db.insert(users).values(rows);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  me = await signUpUser(t.app, { username: 'grouped_me', fullname: 'Grouped Me' });
  people = await insertPeople(25);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(likes);
  await t.ctx.db.delete(blocks);
  await t.ctx.db.delete(follows);
  await t.ctx.db.delete(questions);
  await t.ctx.db.update(users).set({ lastReadNotifications: longAgo });
});

const groups = async (cursor?: string) => {
  const res = await apiAs(t.app, me).get(`/api/notifications/activity/groups${cursor ? `?cursor=${cursor}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: string; type: string; count: number; users: { id: string }[]; answer: { id: string } | null; unread: boolean }[];
    nextCursor: string | null;
  };
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
/** Today (UTC) at noon minus `m` minutes: one UTC day whatever the hour the test runs (the window has no upper bound). */
const todayAt = (m: number) => {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  return new Date(noon.getTime() - m * 60_000);
};

describe('GET /api/notifications/activity/groups', () => {
  it('needs a signed-in user', async () => {
    expect((await apiAs(t.app, null).get('/api/notifications/activity/groups')).statusCode).toBe(401);
  });

  it('makes one row per answer and per day: the count, the newest three people first, newest group first', async () => {
    const answer = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'a popular answer' });
    const other = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'another answer' });
    for (let i = 0; i < 10; i += 1) await insertLike(t.ctx.db, people[i]!, answer, todayAt(30 - i)); // people[9] is the newest
    await insertLike(t.ctx.db, people[10]!, other, todayAt(60));
    await insertFollow(t.ctx.db, people[11]!, me.id, todayAt(5));
    await insertFollow(t.ctx.db, people[12]!, me.id, todayAt(4));

    const page = await groups();
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((g) => [g.type, g.count])).toEqual([
      ['follow', 2],
      ['like', 10],
      ['like', 1],
    ]);
    const liked = page.items[1]!;
    expect(liked.answer?.id).toBe(answer);
    expect(liked.users.map((u) => u.id)).toEqual([people[9], people[8], people[7]]);
    expect(page.items[0]!.users.map((u) => u.id)).toEqual([people[12], people[11]]);
    expect(page.items.every((g) => g.unread)).toBe(true);
  });

  it('splits the likes of one answer by day', async () => {
    const answer = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'liked on two days' });
    await insertLike(t.ctx.db, people[0]!, answer, minutesAgo(1));
    await insertLike(t.ctx.db, people[1]!, answer, minutesAgo(2 * 24 * 60));
    const page = await groups();
    expect(page.items.map((g) => g.count)).toEqual([1, 1]);
    expect(new Set(page.items.map((g) => g.id)).size).toBe(2);
  });

  it('pages groups with a keyset cursor, without repeats or gaps', async () => {
    for (let i = 0; i < 25; i += 1) {
      const answer = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: `answer ${i}` });
      await insertLike(t.ctx.db, people[i]!, answer, todayAt(i));
    }
    const first = await groups();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await groups(first.nextCursor!);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((g) => g.users[0]!.id);
    expect(ids).toEqual(people);
  });

  it('leaves out blocked people, own likes and everything about questions (anonymous or not)', async () => {
    const answer = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'mine' });
    await insertLike(t.ctx.db, people[0]!, answer);
    await insertLike(t.ctx.db, people[1]!, answer);
    await insertLike(t.ctx.db, me.id, answer);
    await insertBlock(t.ctx.db, me.id, people[1]!);
    await insertQuestion(t.ctx.db, { senderId: people[2]!, receiverId: me.id, isAnonymous: true });
    await insertQuestion(t.ctx.db, { senderId: people[3]!, receiverId: me.id, isAnonymous: false });
    const page = await groups();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.count).toBe(1);
    expect(page.items[0]!.users.map((u) => u.id)).toEqual([people[0]]);
    expect(JSON.stringify(page)).not.toContain(people[2]!);
  });

  it('is read once its newest event is older than the last-read time', async () => {
    const answer = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'read' });
    await insertLike(t.ctx.db, people[0]!, answer, minutesAgo(10));
    await t.ctx.db.update(users).set({ lastReadNotifications: minutesAgo(5) });
    expect((await groups()).items[0]!.unread).toBe(false);
  });
});

describe('GET /api/notifications/activity/groups/:groupId/people', () => {
  it('lists everyone in a group, newest first, in pages', async () => {
    const answer = await insertQuestion(t.ctx.db, { senderId: null, receiverId: me.id, answer: 'very popular' });
    for (let i = 0; i < 25; i += 1) await insertLike(t.ctx.db, people[i]!, answer, todayAt(60 - i));
    const [group] = (await groups()).items;
    const api = apiAs(t.app, me);
    const url = `/api/notifications/activity/groups/${encodeURIComponent(group!.id)}/people`;
    const first = (await api.get(url)).json();
    expect(first.items).toHaveLength(20);
    const second = (await api.get(`${url}?cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((p: { user: { id: string } }) => p.user.id)).toEqual([...people].reverse());
  });

  it('refuses a group id it did not make', async () => {
    const res = await apiAs(t.app, me).get(`/api/notifications/activity/groups/${encodeURIComponent("like:x' or 1=1:today")}/people`);
    expect(res.statusCode).toBe(400);
  });
});
