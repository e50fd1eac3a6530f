import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, pushNotifications, users } from '../../db/schema/index.js';
import { receiveRemoteQuestion } from '../../federation/inbox/remoteQuestions.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertSubscription } from '../../test/notificationFixtures.js';
import { askAsVisitor } from '../visitors/service.js';

/**
 * A muted word keeps a question out the same way however it was asked (decision 327): the admin's
 * global question, 'Ask my followers', a post from another server and a visitor's question go to
 * the Filtered folder of a receiver who keeps filtered questions, and nowhere for one who does not;
 * never to the inbox, a count, a push or an email, and the asker is answered the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

interface Shown {
  text: string;
  isAnonymous: boolean;
  isGlobal: boolean;
  toFollowers: boolean;
  sender: { username: string } | null;
  remoteSender: { handle: string } | null;
  canBlockAsker?: boolean;
}
const inbox = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items as (Shown & { id: string })[];
const folder = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/filtered')).json().items as (Shown & { id: string })[];

/** Two receivers muting 'spoiler', each with a push device and email for each question: `keeping` keeps filtered questions, `dropping` does not. */
async function mutingReceivers(): Promise<{ keeping: TestUser; dropping: TestUser }> {
  const [keeping, dropping] = [await signUpUser(t.app), await signUpUser(t.app)];
  for (const user of [keeping, dropping]) {
    await insertSubscription(t.ctx.db, user.id);
    await apiAs(t.app, user).post('/api/me/muted-words', { word: 'spoiler' });
    await apiAs(t.app, user).patch('/api/me/settings', { emailNotifications: 'each', keepFilteredQuestions: user === keeping });
  }
  return { keeping, dropping };
}

/** Nothing about the question reached the receiver but, at most, their Filtered folder. */
async function expectUnnoticed(user: TestUser) {
  expect(await inbox(user)).toEqual([]);
  expect((await apiAs(t.app, user).get('/api/me/counters')).json().unansweredQuestions).toBe(0);
  expect(await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, user.id))).toEqual([]);
  expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, user.id))).toEqual([]);
}

describe('a muted word keeps a question in the Filtered folder, however it was asked', () => {
  it("the admin's global question: kept there as a global question, anonymous; the admin's count is the same", async () => {
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const first = await mutingReceivers();
    const plainReply = await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Everyone: any plans?' });
    const mutedReply = await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Everyone: a spoiler for you' });
    // the count is of everyone addressed: one more user between the two sends would change it, muting does not
    expect(mutedReply.statusCode).toBe(200);
    expect(mutedReply.json()).toEqual(plainReply.json());
    for (const user of [first.keeping, first.dropping]) expect((await inbox(user)).map((q) => q.text)).toEqual(['Everyone: any plans?']);
    expect(await folder(first.dropping)).toEqual([]);
    const [kept] = await folder(first.keeping);
    expect(kept).toMatchObject({
      text: 'Everyone: a spoiler for you',
      isAnonymous: true,
      isGlobal: true,
      toFollowers: false,
      sender: null,
      remoteSender: null,
    });

    // moved to the inbox it is the global question it would have been
    expect((await apiAs(t.app, first.keeping).post(`/api/me/filtered/${kept!.id}/inbox`)).statusCode).toBe(204);
    expect((await inbox(first.keeping))[0]).toMatchObject({ id: kept!.id, isGlobal: true, sender: null, canBlockAsker: true });

    // and a pair who received nothing else is left untouched but for the folder
    const second = await mutingReceivers();
    await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Everyone: SP0ILERS again' });
    for (const user of [second.keeping, second.dropping]) await expectUnnoticed(user);
    expect((await folder(second.keeping)).map((q) => q.text)).toEqual(['Everyone: SP0ILERS again']);
  });

  it("'Ask my followers': kept there marked as asked to all followers; the sender's answer is the same", async () => {
    const sender = await signUpUser(t.app);
    const { keeping, dropping } = await mutingReceivers();
    const replies = [];
    for (const follower of [keeping, dropping]) await apiAs(t.app, follower).post(`/api/users/${sender.username}/follow`);
    replies.push(await apiAs(t.app, sender).post('/api/me/followers/questions', { text: 'Any spoilers, friends?', isAnonymous: true }));
    replies.push(await apiAs(t.app, sender).post('/api/me/followers/questions', { text: 'A named spoiler', isAnonymous: false }));
    for (const reply of replies) expect([reply.statusCode, reply.body]).toEqual([204, '']);
    await t.ctx.followerQuestions.kick(); // fanned out after the answer
    for (const user of [keeping, dropping]) await expectUnnoticed(user);
    expect(await folder(dropping)).toEqual([]);
    const kept = await folder(keeping);
    expect(kept).toMatchObject([
      { text: 'A named spoiler', isAnonymous: false, toFollowers: true, sender: { username: sender.username } },
      { text: 'Any spoilers, friends?', isAnonymous: true, toFollowers: true, sender: null },
    ]);
    expect((await apiAs(t.app, keeping).post(`/api/me/filtered/${kept[1]!.id}/inbox`)).statusCode).toBe(204);
    expect(await inbox(keeping)).toMatchObject([{ text: 'Any spoilers, friends?', toFollowers: true, sender: null }]);
    // the sender's record finds the answer, as for any question moved to the inbox
    await apiAs(t.app, keeping).post(`/api/questions/${kept[1]!.id}/answer`, { answer: 'None!' });
    const asked = (await apiAs(t.app, sender).get('/api/me/questions-asked')).json().items as { id: string; answer: string | null }[];
    expect(asked.find((q) => q.id === kept[1]!.id)).toMatchObject({ answer: 'None!' });
  });

  it('a post from another server: kept there once with its remote asker, and moved to the inbox as a question from afar', async () => {
    const { keeping, dropping } = await mutingReceivers();
    const post = (receiverId: string, text: string, n: number) => ({
      receiverId,
      asker: {
        uri: 'https://remote.example/users/carol',
        inboxUrl: 'https://remote.example/users/carol/inbox',
        sharedInboxUrl: null,
        username: 'carol',
        name: 'Carol Remote',
        url: null,
        iconUrl: null,
      },
      postUri: `https://remote.example/notes/${receiverId}/${n}`,
      text,
      visibility: 'public' as const,
    });
    expect(await receiveRemoteQuestion(t.ctx, post(keeping.id, 'a spoiler from afar', 1))).toBe('filtered');
    // the same post delivered twice (its author's inbox and the shared inbox) is kept once
    expect(await receiveRemoteQuestion(t.ctx, post(keeping.id, 'a spoiler from afar', 1))).toBe('dropped');
    expect(await receiveRemoteQuestion(t.ctx, post(dropping.id, 'a spoiler from afar', 1))).toBe('dropped');
    for (const user of [keeping, dropping]) await expectUnnoticed(user);
    expect(await folder(dropping)).toEqual([]);
    const kept = await folder(keeping);
    expect(kept).toMatchObject([{ text: 'a spoiler from afar', isAnonymous: false, sender: null, remoteSender: { handle: '@carol@remote.example' } }]);

    expect((await apiAs(t.app, keeping).post(`/api/me/filtered/${kept[0]!.id}/inbox`)).statusCode).toBe(204);
    expect(await inbox(keeping)).toMatchObject([{ id: kept[0]!.id, remoteSender: { handle: '@carol@remote.example', name: 'Carol Remote' } }]);
    expect((await apiAs(t.app, keeping).get('/api/me/inbox?filter=fediverse')).json().items).toHaveLength(1);
    // once in the inbox, the same post delivered again asks nothing more
    expect(await receiveRemoteQuestion(t.ctx, post(keeping.id, 'a spoiler from afar', 1))).toBe('dropped');
    expect(await folder(keeping)).toEqual([]);
  });

  it("a visitor's question: kept there anonymous, and once moved to the inbox its visitor can be blocked", async () => {
    const { keeping, dropping } = await mutingReceivers();
    for (const user of [keeping, dropping]) {
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      await askAsVisitor(t.ctx, row!, 'visitor-key-one', 'Spoiler please');
    }
    for (const user of [keeping, dropping]) await expectUnnoticed(user);
    expect(await folder(dropping)).toEqual([]);
    const kept = await folder(keeping);
    expect(kept).toMatchObject([{ text: 'Spoiler please', isAnonymous: true, sender: null, remoteSender: null }]);
    expect((await apiAs(t.app, keeping).post(`/api/me/filtered/${kept[0]!.id}/inbox`)).statusCode).toBe(204);
    expect(await inbox(keeping)).toMatchObject([{ id: kept[0]!.id, canBlockAsker: true }]);
    expect((await apiAs(t.app, keeping).post(`/api/questions/${kept[0]!.id}/block-asker`)).statusCode).toBeLessThan(300);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, keeping.id));
    await askAsVisitor(t.ctx, row!, 'visitor-key-one', 'Another spoiler');
    await askAsVisitor(t.ctx, row!, 'visitor-key-one', 'A plain one');
    // the blocked visitor is dropped, not kept: the folder shows nothing the inbox would not
    expect(await folder(keeping)).toEqual([]);
    expect(await inbox(keeping)).toEqual([]);
  });
});
