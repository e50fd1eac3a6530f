import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { en } from '@askbox/common';
import { mutedWords, questions, users } from '../../db/schema/index.js';
import { setIdPrefix } from '../asking/pipeline.js';
import { failNextEvent, watchEvents } from '../../test/events.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { username: 'boss' });
  alice = await signUpUser(t.app, { username: 'alice' });
  bob = await signUpUser(t.app, { username: 'bob' });
  await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await t.ctx.db.delete(questions);
});

const send = (user: TestUser | null, body: unknown) => apiAs(t.app, user).post('/api/admin/global-question', body);

describe('POST /api/admin/global-question', () => {
  it('refuses signed-out users with 401 and writes nothing', async () => {
    const res = await send(null, { text: 'Hello everyone?' });
    expect(res.statusCode).toBe(401);
    expect(await t.ctx.db.select().from(questions)).toHaveLength(0);
  });

  it('refuses non-admins with 403, even with an invalid body, and writes nothing', async () => {
    expect((await send(alice, { text: 'Hello everyone?' })).statusCode).toBe(403);
    const invalid = await send(alice, { text: '' });
    expect(invalid.statusCode).toBe(403);
    expect(invalid.json().error.code).toBe('admin_only');
    expect(await t.ctx.db.select().from(questions)).toHaveLength(0);
  });

  it('the admin check reads the role on every request (revoked rights take effect at once)', async () => {
    const carol = await signUpUser(t.app, { username: 'carol' });
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, carol.id));
    expect((await send(carol, { text: 'One?' })).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, carol.id));
    expect((await send(carol, { text: 'Two?' })).statusCode).toBe(403);
  });

  it('creates exactly one anonymous, global, unanswered question per user, with the trimmed text', async () => {
    const all = await t.ctx.db.select({ id: users.id }).from(users);
    const res = await send(admin, { text: '  What made you smile today?  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: all.length });

    const rows = await t.ctx.db.select().from(questions);
    expect(rows).toHaveLength(all.length);
    expect(new Set(rows.map((q) => q.receiverId))).toEqual(new Set(all.map((u) => u.id)));
    for (const q of rows) {
      expect(q).toMatchObject({ text: 'What made you smile today?', isGlobal: true, isAnonymous: true, answered: false, senderId: admin.id });
    }
    expect(new Set(rows.map((q) => q.id)).size).toBe(rows.length);
    expect(rows.map((q) => q.receiverId)).toEqual(expect.arrayContaining([alice.id, bob.id]));
    // ids are UUIDs (v7-shaped) that grow with the receivers, so the indexes are written in order
    for (const q of rows) expect(q.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const byReceiver = [...rows].sort((a, b) => (a.receiverId < b.receiverId ? -1 : 1));
    expect(byReceiver.map((q) => q.id)).toEqual([...byReceiver.map((q) => q.id)].sort());
  });

  it("the admin's export counts those it was addressed to when it was sent, whatever they did with it since", async () => {
    const muter = await signUpUser(t.app, { username: 'tea_muter' });
    expect((await apiAs(t.app, muter).post('/api/me/muted-words', { word: 'tea' })).statusCode).toBe(200);
    const sent = await send(admin, { text: 'Tea or coffee?' });
    const count = sent.json().count as number;
    const [bobs] = await t.ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.receiverId, bob.id));
    expect((await apiAs(t.app, bob).delete(`/api/questions/${bobs!.id}`)).statusCode).toBeLessThan(300);
    const exported = (await apiAs(t.app, admin).get('/api/me/export')).json();
    const sentRecords = (exported.globalQuestionsSent as { text: string }[]).filter((g) => g.text === 'Tea or coffee?');
    expect(sentRecords).toEqual([{ text: 'Tea or coffee?', sentAt: expect.any(String), receivers: count }]);
    // the admin's own record of it: not among the questions asked to one person
    expect(exported.questionsAsked).toEqual([]);
  });

  it("numbers each receiver's question among everyone addressed: an id says nothing about who muted one of its words", async () => {
    const addressed = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.refuseAnonymousQuestions, false))).map((u) => u.id).sort();
    // the first in the numbering mutes a word of it: every later number would move down by one were the numbering over those reached only
    await t.ctx.db.insert(mutedWords).values({ userId: addressed[0]!, word: 'lemonade' });
    await send(admin, { text: 'Fresh lemonade?' });
    const rows = await t.ctx.db.select({ id: questions.id, receiverId: questions.receiverId }).from(questions);
    expect(rows.map((r) => r.receiverId)).not.toContain(addressed[0]);
    expect(rows.length).toBe(addressed.length - 1);
    expect(rows.map((row) => [row.receiverId, parseInt(row.id.slice(-12), 16)]).sort()).toEqual(
      rows.map((row) => [row.receiverId, addressed.indexOf(row.receiverId) + 1]).sort(),
    );
  });

  it('never reuses ids between two sends, even in the same millisecond', () => {
    const at = new Date();
    const prefixes = new Set(Array.from({ length: 50 }, () => setIdPrefix(at)));
    expect(prefixes.size).toBe(50);
  });

  it('emits globalQuestionSent once, inside the transaction, with the count', async () => {
    const watch = watchEvents();
    const res = await send(admin, { text: 'Side effects?' });
    const calls = watch.callsOf('globalQuestionSent');
    expect(calls).toHaveLength(1);
    expect(calls[0]![2]).toMatchObject({ text: 'Side effects?', count: res.json().count });
    // the channels receive the transaction: the questions are visible there before commit
    const tx = calls[0]![0];
    expect(tx).not.toBe(t.ctx.db);
  });

  it('writes nothing when a channel fails (all or nothing, never a partial send)', async () => {
    failNextEvent('globalQuestionSent', new Error('outbox down'));
    const res = await send(admin, { text: 'Will this fail?' });
    expect(res.statusCode).toBe(500);
    expect(await t.ctx.db.select().from(questions)).toHaveLength(0);
  });

  it.each([
    [{ text: '' }, en.errors.question_required],
    [{ text: '   \n ' }, en.errors.question_required],
    [{ text: 'x'.repeat(301) }, 'Question must be at most 300 characters'],
    [{}, en.errors.question_required],
    [{ text: 42 }, en.errors.question_required],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const res = await send(admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await t.ctx.db.select().from(questions)).toHaveLength(0);
  });

  it('accepts exactly 300 characters', async () => {
    const res = await send(admin, { text: 'y'.repeat(300) });
    expect(res.statusCode).toBe(200);
  });
});
