import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@askbox/common';
import { askerBlocks, pushNotifications, questions } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertSubscription } from '../../test/notificationFixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

const ask = (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous });
const inbox = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items as { id: string; text: string }[];
const badge = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/counters')).json().unansweredQuestions as number;

describe("'Block this asker' on an anonymous question", () => {
  it('drops the question and every later anonymous one from that sender, who still gets the usual answer; named ones arrive; nothing else changes', async () => {
    const [receiver, asker, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertSubscription(t.ctx.db, receiver.id);
    await ask(asker, receiver, 'first from the asker');
    await ask(asker, receiver, 'second from the asker');
    await ask(other, receiver, 'from someone else');
    const target = (await inbox(receiver)).find((q) => q.text === 'first from the asker')!;

    const blocked = await apiAs(t.app, receiver).post(`/api/questions/${target.id}/block-asker`);
    expect(blocked.statusCode).toBe(204);
    expect(blocked.body).toBe('');
    // that question left; the other one from the same person stays (removing it would link them)
    expect((await inbox(receiver)).map((q) => q.text)).toEqual(['from someone else', 'second from the asker']);
    expect(await badge(receiver)).toBe(2);

    const pushesBefore = (await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).length;
    const later = await ask(asker, receiver, 'third from the asker');
    const named = await ask(asker, receiver, 'named, from the asker', false);
    const fromOther = await ask(other, receiver, 'another from someone else');
    for (const res of [later, named, fromOther]) {
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json())).toEqual(['id']);
    }
    // a named question from the blocked asker arrives like anyone's: dropping it would tell the receiver who the asker was
    expect((await inbox(receiver)).map((q) => q.text)).toEqual([
      'another from someone else',
      'named, from the asker',
      'from someone else',
      'second from the asker',
    ]);
    expect(await badge(receiver)).toBe(4);
    // dropped questions are never written: no row, no push
    expect(await t.ctx.db.select().from(questions).where(eq(questions.id, later.json().id))).toEqual([]);
    expect((await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, receiver.id))).length).toBe(pushesBefore + 2);

    // no named block: profiles, follows and search between them are as before, and the asker is told nothing
    expect((await apiAs(t.app, receiver).get(`/api/users/${asker.username}`)).json().viewer.blockedByViewer).toBe(false);
    expect((await apiAs(t.app, asker).get(`/api/users/${receiver.username}`)).statusCode).toBe(200);
    expect((await apiAs(t.app, receiver).get('/api/me/blocks')).json().items).toEqual([]);
  });

  it('lists the entry as the question (text, date), never the sender, and unblocking lets later questions through', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    await ask(asker, receiver, 'who could this be');
    const [question] = await inbox(receiver);
    const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, question!.id));
    await apiAs(t.app, receiver).post(`/api/questions/${question!.id}/block-asker`);

    const list = await apiAs(t.app, receiver).get('/api/me/blocked-askers');
    expect(list.statusCode).toBe(200);
    const [entry] = list.json().items;
    expect(entry).toEqual({
      id: expect.any(String),
      questionText: 'who could this be',
      questionCreatedAt: row!.createdAt.toISOString(),
      blockedAt: expect.any(String),
    });
    expect(list.body).not.toContain(asker.id);
    expect(list.body).not.toContain(asker.username);
    // another user sees none of it, and cannot remove it
    expect((await apiAs(t.app, asker).get('/api/me/blocked-askers')).json().items).toEqual([]);
    expect((await apiAs(t.app, asker).delete(`/api/me/blocked-askers/${entry.id}`)).statusCode).toBe(204);
    expect((await apiAs(t.app, receiver).get('/api/me/blocked-askers')).json().items).toHaveLength(1);

    await ask(asker, receiver, 'still blocked');
    expect(await inbox(receiver)).toEqual([]);
    expect((await apiAs(t.app, receiver).delete(`/api/me/blocked-askers/${entry.id}`)).statusCode).toBe(204);
    expect((await apiAs(t.app, receiver).get('/api/me/blocked-askers')).json().items).toEqual([]);
    await ask(asker, receiver, 'after the unblock');
    expect((await inbox(receiver)).map((q) => q.text)).toEqual(['after the unblock']);
  });

  it('answers the same when the sender is gone, and finds nothing that is not in the own inbox', async () => {
    const [receiver, asker, stranger] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await ask(asker, receiver, 'sender will leave');
    const [question] = await inbox(receiver);
    await t.ctx.db.update(questions).set({ senderId: null }).where(eq(questions.id, question!.id));
    expect((await apiAs(t.app, stranger).post(`/api/questions/${question!.id}/block-asker`)).statusCode).toBe(404);
    expect((await apiAs(t.app, receiver).post('/api/questions/nope/block-asker')).statusCode).toBe(404);
    expect((await apiAs(t.app, null).post(`/api/questions/${question!.id}/block-asker`)).statusCode).toBe(401);
    expect((await apiAs(t.app, receiver).post(`/api/questions/${question!.id}/block-asker`)).statusCode).toBe(204);
    const [entry] = await t.ctx.db.select().from(askerBlocks).where(eq(askerBlocks.blockerId, receiver.id));
    expect(entry!.blockedId).toBeNull();
  });
});

describe("'Block this asker' where there is no anonymous asker to block", () => {
  it('is not offered on a named question nor on one the receiver asked themselves, and is refused there with nothing changed', async () => {
    const [receiver, sender] = [await signUpUser(t.app), await signUpUser(t.app)];
    await ask(sender, receiver, 'hello by name', false);
    await ask(receiver, receiver, 'note to self');
    await ask(sender, receiver, 'who am I?');
    const items = (await apiAs(t.app, receiver).get('/api/me/inbox')).json().items as { id: string; text: string; canBlockAsker: boolean }[];
    expect(items.map((q) => [q.text, q.canBlockAsker])).toEqual([
      ['who am I?', true],
      ['note to self', false],
      ['hello by name', false],
    ]);
    for (const question of items.filter((q) => !q.canBlockAsker)) {
      const res = await apiAs(t.app, receiver).post(`/api/questions/${question.id}/block-asker`);
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'asker_not_blockable']);
    }
    expect((await inbox(receiver)).length).toBe(3);
    expect(await badge(receiver)).toBe(3);
    expect((await apiAs(t.app, receiver).get('/api/me/blocks')).json().items).toEqual([]);
    expect((await apiAs(t.app, receiver).get('/api/me/blocked-askers')).json().items).toEqual([]);
    expect((await ask(sender, receiver, 'again?', false)).statusCode).toBe(201);
  });
});

describe('a dropped question', () => {
  it('answers its asker exactly as a delivered one when they act on its id (answer, delete, block the asker, report)', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    const tryEverything = async (id: string) => {
      const as = apiAs(t.app, asker);
      const results = [
        await as.post(`/api/questions/${id}/answer`, { answer: 'x' }),
        await as.delete(`/api/questions/${id}`),
        await as.post(`/api/questions/${id}/block-asker`),
        await as.post('/api/reports', { kind: 'question', target: id, reason: 'spam', details: '' }),
        await as.post('/api/reports', { kind: 'answer', target: id, reason: 'spam', details: '' }),
      ];
      return results.map((res) => `${res.statusCode} ${res.body}`);
    };
    const delivered = (await ask(asker, receiver, 'delivered')).json().id as string;
    const seen = await tryEverything(delivered);
    expect(seen[0]).toMatch(/^404 /);

    // dropped by a muted word, then by a quiet block of the asker
    expect((await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'banana' })).statusCode).toBeLessThan(300);
    const muted = (await ask(asker, receiver, 'a banana?')).json().id as string;
    expect(await tryEverything(muted)).toEqual(seen);
    const [inboxed] = await inbox(receiver);
    expect((await apiAs(t.app, receiver).post(`/api/questions/${inboxed!.id}/block-asker`)).statusCode).toBe(204);
    const quietlyBlocked = (await ask(asker, receiver, 'after the block')).json().id as string;
    expect(await tryEverything(quietlyBlocked)).toEqual(seen);
    expect(await inbox(receiver)).toEqual([]);
  });

  it("is in its asker's data export exactly as a delivered one (decision 205)", async () => {
    // one script, three worlds that differ only in the receiver's choice; each asker has a receiver of their own
    const world = async (choice: 'none' | 'quiet block' | 'muted word') => {
      const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
      const opening = (await ask(asker, receiver, 'an opening question')).json().id as string;
      // the opening leaves the inbox in every world: blocking its asker deletes it, the others delete it
      if (choice === 'quiet block') expect((await apiAs(t.app, receiver).post(`/api/questions/${opening}/block-asker`)).statusCode).toBe(204);
      else expect((await apiAs(t.app, receiver).delete(`/api/questions/${opening}`)).statusCode).toBe(204);
      if (choice === 'muted word') expect((await apiAs(t.app, receiver).post('/api/me/muted-words', { word: 'banana' })).statusCode).toBe(200);
      const anonymous = (await ask(asker, receiver, 'a banana, anonymously?')).json().id as string;
      const named = (await ask(asker, receiver, 'and one by name', false)).json().id as string;
      expect((await inbox(receiver)).map((q) => q.text)).toEqual(choice === 'none' ? ['and one by name', 'a banana, anonymously?'] : ['and one by name']);

      const res = await apiAs(t.app, asker).get('/api/me/export');
      expect(res.statusCode).toBe(200);
      const { questionsAsked } = accountExportSchema.parse(res.json());
      expect(questionsAsked.map((q) => q.id)).toEqual([opening, anonymous, named]);
      for (const q of questionsAsked) {
        expect(q.to).toEqual({ username: receiver.username, fullname: receiver.fullname });
        expect(new Date(q.createdAt).toISOString()).toBe(q.createdAt);
      }
      // ids, times and the receiver's name are each world's own; all else must match
      return questionsAsked.map(({ id: _id, createdAt: _createdAt, to: _to, ...rest }) => rest);
    };
    const delivered = await world('none');
    expect(delivered).toEqual([
      { text: 'an opening question', isAnonymous: true, answer: null, answeredAt: null },
      { text: 'a banana, anonymously?', isAnonymous: true, answer: null, answeredAt: null },
      { text: 'and one by name', isAnonymous: false, answer: null, answeredAt: null },
    ]);
    expect(await world('quiet block')).toEqual(delivered);
    expect(await world('muted word')).toEqual(delivered);
  });
});
