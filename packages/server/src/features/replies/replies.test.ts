import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ActivityGroupList, ModerationQueue, Reply, ReplyPage } from '@askbox/common';
import { pushNotifications, questions, users } from '../../db/schema/index.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';
import { composedPushes, insertSubscription } from '../../test/notificationFixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxTextLength: 400 });
});
afterAll(() => t.close());

let seq = 0;
/** An answer of `owner` to a question `asker` sent (anonymously unless said). */
async function answerOf(owner: TestUser, asker: TestUser = owner, isAnonymous = true): Promise<string> {
  const id = `reply-answer-${++seq}`;
  await t.ctx.db
    .insert(questions)
    .values({ id, senderId: asker.id, receiverId: owner.id, text: 'q?', isAnonymous, answer: 'a!', answered: true, answeredAt: new Date() });
  return id;
}
/** A person whose profile is public: replies are on by default. */
async function publicPerson(): Promise<TestUser> {
  const user = await signUpUser(t.app);
  await apiAs(t.app, user).patch('/api/me/settings', { publicProfile: true });
  return user;
}
const reply = (u: TestUser, answerId: string, text = 'Nice answer') => apiAs(t.app, u).post(`/api/answers/${answerId}/replies`, { text });
const thread = async (u: TestUser, answerId: string, cursor?: string) =>
  (await apiAs(t.app, u).get(`/api/answers/${answerId}/replies${cursor ? `?cursor=${cursor}` : ''}`)).json<ReplyPage>();
const texts = (page: ReplyPage) => page.items.map((item) => item.text);
const profileAnswer = async (viewer: TestUser, owner: TestUser, answerId: string) =>
  (await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers`))
    .json<{ items: { id: string; replyCount: number }[] }>()
    .items.find((a) => a.id === answerId);

describe('replies', () => {
  it('are off by default for a private profile (the spec unchanged) and on for a public one', async () => {
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    expect((await apiAs(t.app, owner).get('/api/me/settings')).json()).toMatchObject({ repliesEnabled: false, whoMayReply: 'everyone' });
    expect(await thread(fan, id)).toEqual({ items: [], nextCursor: null, open: false, mayReply: false });
    const refused = await reply(fan, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('replies_closed');
    await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true });
    expect((await apiAs(t.app, owner).get('/api/me/settings')).json()).toMatchObject({ repliesEnabled: true });
    expect((await reply(fan, id)).statusCode).toBe(201);
  });

  it("keep the owner's own choice once made, whatever the profile later", async () => {
    const owner = await signUpUser(t.app);
    const as = apiAs(t.app, owner);
    expect((await as.patch('/api/me/settings', { repliesEnabled: true })).json()).toMatchObject({ publicProfile: false, repliesEnabled: true });
    await as.patch('/api/me/settings', { publicProfile: true });
    expect((await as.patch('/api/me/settings', { repliesEnabled: false })).json()).toMatchObject({ publicProfile: true, repliesEnabled: false });
    await as.patch('/api/me/settings', { publicProfile: false });
    await as.patch('/api/me/settings', { publicProfile: true });
    expect((await as.get('/api/me/settings')).json()).toMatchObject({ repliesEnabled: false });
    expect((await as.patch('/api/me/settings', { whoMayReply: 'friends' })).statusCode).toBe(400);
  });

  it('show under the answer newest last, paged by a cursor, with the count on the card', async () => {
    const [owner, fan] = [await publicPerson(), await signUpUser(t.app)];
    const id = await answerOf(owner);
    for (let i = 0; i < 23; i++) expect((await reply(i % 2 ? owner : fan, id, `reply ${i}`)).statusCode).toBe(201);
    const first = await thread(fan, id);
    expect(first).toMatchObject({ open: true, mayReply: true });
    expect(texts(first)).toEqual(Array.from({ length: 20 }, (_, i) => `reply ${i}`));
    const second = await thread(fan, id, first.nextCursor!);
    expect(texts(second)).toEqual(['reply 20', 'reply 21', 'reply 22']);
    expect(second.nextCursor).toBeNull();
    expect((await profileAnswer(fan, owner, id))?.replyCount).toBe(23);
    expect(first.items[0]).toMatchObject({ author: { id: fan.id, username: fan.username }, canDelete: true, canHide: false, hidden: false });
    expect(first.items[1]).toMatchObject({ author: { id: owner.id }, canDelete: false, canHide: false });
  });

  it('take plain text within the instance limit, refusing blank and too long', async () => {
    const [owner, fan] = [await publicPerson(), await signUpUser(t.app)];
    const id = await answerOf(owner);
    expect((await reply(fan, id, '   ')).json().error.code).toBe('reply_required');
    const long = await reply(fan, id, 'x'.repeat(401));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'reply_too_long', params: { max: 400 } });
    expect((await reply(fan, id, 'x'.repeat(400))).statusCode).toBe(201);
    expect((await reply(fan, 'no-such-answer')).statusCode).toBe(404);
  });

  it('follow who may reply: everyone, people the owner follows, nobody', async () => {
    const [owner, friend, stranger] = [await publicPerson(), await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    await insertFollow(t.ctx.db, owner.id, friend.id);
    await apiAs(t.app, owner).patch('/api/me/settings', { whoMayReply: 'following' });
    expect((await thread(stranger, id)).mayReply).toBe(false);
    expect((await reply(stranger, id)).json().error.code).toBe('reply_not_allowed');
    expect((await thread(friend, id)).mayReply).toBe(true);
    expect((await reply(friend, id, 'from a friend')).statusCode).toBe(201);
    await apiAs(t.app, owner).patch('/api/me/settings', { whoMayReply: 'nobody' });
    expect((await reply(friend, id)).json().error.code).toBe('replies_closed');
    // existing replies stay shown; the owner still may reply
    expect(texts(await thread(stranger, id))).toEqual(['from a friend']);
    expect((await reply(owner, id, 'mine')).statusCode).toBe(201);
    // turned off: nothing shown, nothing counted
    await apiAs(t.app, owner).patch('/api/me/settings', { repliesEnabled: false });
    expect(await thread(stranger, id)).toEqual({ items: [], nextCursor: null, open: false, mayReply: false });
    expect((await profileAnswer(stranger, owner, id))?.replyCount).toBe(0);
  });

  it('keep blocks both ways: no reply across a block, and the owner’s blocks clear their threads', async () => {
    const [owner, blocked, blocker, troll, reader] = [
      await publicPerson(),
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
    ];
    const id = await answerOf(owner);
    await insertBlock(t.ctx.db, owner.id, blocked.id);
    await insertBlock(t.ctx.db, blocker.id, owner.id);
    expect((await reply(blocked, id)).json().error.code).toBe('blocked_by_user');
    expect((await reply(blocker, id)).json().error.code).toBe('user_blocked');
    expect((await reply(troll, id, 'troll')).statusCode).toBe(201);
    expect(texts(await thread(reader, id))).toEqual(['troll']);
    await insertBlock(t.ctx.db, owner.id, troll.id);
    expect(texts(await thread(reader, id))).toEqual([]);
    expect((await profileAnswer(reader, owner, id))?.replyCount).toBe(0);
    // a reader who blocked a replier does not see them either
    const other = await signUpUser(t.app);
    expect((await reply(other, id, 'other')).statusCode).toBe(201);
    await insertBlock(t.ctx.db, reader.id, other.id);
    expect(texts(await thread(reader, id))).toEqual([]);
    expect(texts(await thread(owner, id))).toEqual(['other']);
  });

  it('may be deleted by their author or the owner, hidden only by the owner', async () => {
    const [owner, fan, other] = [await publicPerson(), await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    const mine = (await reply(fan, id, 'mine')).json<Reply>();
    const second = (await reply(fan, id, 'second')).json<Reply>();
    expect((await apiAs(t.app, other).delete(`/api/replies/${mine.id}`)).json().error.code).toBe('reply_not_yours');
    expect((await apiAs(t.app, other).post(`/api/replies/${mine.id}/hide`)).json().error.code).toBe('reply_not_yours');
    expect((await apiAs(t.app, fan).post(`/api/replies/${mine.id}/hide`)).json().error.code).toBe('reply_not_yours');
    expect((await apiAs(t.app, fan).delete(`/api/replies/${mine.id}`)).statusCode).toBe(204);
    expect((await apiAs(t.app, fan).delete(`/api/replies/${mine.id}`)).statusCode).toBe(404);
    // hidden: gone for others, still shown to its author (never told), in the owner's hidden replies
    expect((await apiAs(t.app, owner).post(`/api/replies/${second.id}/hide`)).statusCode).toBe(204);
    expect(texts(await thread(other, id))).toEqual([]);
    expect((await thread(fan, id)).items).toEqual([expect.objectContaining({ text: 'second', hidden: false })]);
    expect((await thread(owner, id)).items).toEqual([]);
    expect((await apiAs(t.app, owner).get('/api/me/hidden-replies')).json().items).toEqual([
      expect.objectContaining({ id: second.id, reason: 'owner', hidden: true, answer: { id, answer: 'a!' } }),
    ]);
    expect((await apiAs(t.app, other).post(`/api/replies/${second.id}/show`)).statusCode).toBe(404);
    expect((await apiAs(t.app, owner).post(`/api/replies/${second.id}/show`)).statusCode).toBe(204);
    expect(texts(await thread(other, id))).toEqual(['second']);
    expect((await apiAs(t.app, owner).delete(`/api/replies/${second.id}`)).statusCode).toBe(204);
    expect(texts(await thread(other, id))).toEqual([]);
  });

  it("send a reply with one of the owner's muted words to the hidden replies, answering its author as any reply", async () => {
    const [owner, fan, reader] = [await publicPerson(), await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    await insertSubscription(t.ctx.db, owner.id);
    await apiAs(t.app, owner).post('/api/me/muted-words', { word: 'spoiler' });
    const muted = await reply(fan, id, 'a SPOILER here');
    const plain = await reply(fan, id, 'nothing here');
    expect(muted.statusCode).toBe(plain.statusCode);
    expect(Object.keys(muted.json()).sort()).toEqual(Object.keys(plain.json()).sort());
    expect(muted.json()).toMatchObject({ hidden: false, canDelete: true, canHide: false });
    expect(texts(await thread(reader, id))).toEqual(['nothing here']);
    expect(texts(await thread(fan, id))).toEqual(['a SPOILER here', 'nothing here']);
    expect((await apiAs(t.app, owner).get('/api/me/hidden-replies')).json().items).toEqual([
      expect.objectContaining({ text: 'a SPOILER here', reason: 'muted' }),
    ]);
    // as the device gets it: composed when sent
    const pushes = await composedPushes(t.ctx.db, owner.id);
    expect(pushes.map((p) => p.body)).toEqual([`${fan.fullname} replied to your answer: "nothing here"`]);
  });

  it('count against the rate limit', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.ctx.config.rateLimits, questionsPer10Min: 2 } });
    try {
      const owner = await signUpUser(limited.app);
      await apiAs(limited.app, owner).patch('/api/me/settings', { publicProfile: true });
      const fan = await signUpUser(limited.app);
      const id = `rl-${++seq}`;
      await limited.ctx.db
        .insert(questions)
        .values({ id, senderId: owner.id, receiverId: owner.id, text: 'q', answer: 'a', answered: true, answeredAt: new Date() });
      const send = () => apiAs(limited.app, fan).post(`/api/answers/${id}/replies`, { text: 'hi' });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('reply notifications', () => {
  const groups = async (u: TestUser) => (await apiAs(t.app, u).get('/api/notifications/activity/groups')).json<ActivityGroupList>().items;
  const unread = async (u: TestUser) => (await apiAs(t.app, u).get('/api/me/counters')).json<{ unreadActivity: number }>().unreadActivity;

  it('tell the owner, and earlier repliers of the thread, in the Activity tab and by push; never the replier themself', async () => {
    const [owner, first, second] = [await publicPerson(), await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    for (const u of [owner, first, second]) await insertSubscription(t.ctx.db, u.id);
    await reply(first, id, 'first!');
    await reply(second, id, 'second!');
    expect(await unread(owner)).toBe(2);
    expect(await groups(owner)).toEqual([
      expect.objectContaining({
        type: 'reply',
        count: 2,
        answer: expect.objectContaining({ id, answer: 'a!' }),
        users: [expect.objectContaining({ id: second.id }), expect.objectContaining({ id: first.id })],
      }),
    ]);
    // the first replier is told of the later reply in the thread; the second of nothing
    expect(await groups(first)).toEqual([expect.objectContaining({ type: 'threadReply', count: 1, users: [expect.objectContaining({ id: second.id })] })]);
    expect(await groups(second)).toEqual([]);
    const group = (await groups(owner))[0]!;
    const people = (await apiAs(t.app, owner).get(`/api/notifications/activity/groups/${group.id}/people`)).json<{ items: { user: { id: string } }[] }>();
    expect(people.items.map((p) => p.user.id)).toEqual([second.id, first.id]);
    const bodies = async (u: TestUser) => (await composedPushes(t.ctx.db, u.id)).map((p) => p.body).sort();
    expect(await bodies(owner)).toEqual([`${first.fullname} replied to your answer: "first!"`, `${second.fullname} replied to your answer: "second!"`]);
    expect(await bodies(first)).toEqual([`${second.fullname} replied in a thread you joined: "second!"`]);
    expect(await bodies(second)).toEqual([]);
    // the owner replying in their own thread tells the repliers, not themself
    await reply(owner, id, 'thanks all');
    expect(await groups(owner)).toHaveLength(1);
    expect((await groups(second))[0]).toMatchObject({ type: 'threadReply', users: [expect.objectContaining({ id: owner.id })] });
  });

  it('never tell the asker of an anonymous question anything they did not join, as anyone else', async () => {
    const [owner, asker] = [await publicPerson(), await signUpUser(t.app)];
    const id = await answerOf(owner, asker, true);
    await insertSubscription(t.ctx.db, asker.id);
    const fan = await signUpUser(t.app);
    await reply(fan, id, 'hello');
    expect(await groups(asker)).toEqual([]);
    expect(await t.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, asker.id))).toEqual([]);
  });

  it("leave out replies across the owner's blocks and replies of suspended people", async () => {
    const [owner, troll] = [await publicPerson(), await signUpUser(t.app)];
    const id = await answerOf(owner);
    await reply(troll, id, 'troll');
    expect(await groups(owner)).toHaveLength(1);
    await insertBlock(t.ctx.db, owner.id, troll.id);
    expect(await groups(owner)).toEqual([]);
    expect(await unread(owner)).toBe(0);
    const suspended = await signUpUser(t.app);
    await reply(suspended, id, 'soon gone');
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect(await groups(owner)).toEqual([]);
  });
});

describe('reports of replies', () => {
  it('reach the moderation queue named, and a moderator deletes the reply or suspends its author', async () => {
    const [owner, troll, reader, admin] = [await publicPerson(), await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const id = await answerOf(owner);
    const first = (await reply(troll, id, 'rude one')).json<Reply>();
    const second = (await reply(troll, id, 'rude two')).json<Reply>();
    const report = (u: TestUser, target: string) => apiAs(t.app, u).post('/api/reports', { kind: 'reply', target, reason: 'harassment' });
    expect((await report(troll, first.id)).json().error.code).toBe('self_report');
    expect((await report(reader, 'no-such-reply')).statusCode).toBe(404);
    expect((await report(reader, first.id)).json()).toEqual({ reported: true, alreadyReported: false });
    expect((await report(owner, second.id)).json()).toEqual({ reported: true, alreadyReported: false });
    // a hidden reply is reported by its answer's owner only
    await apiAs(t.app, owner).post(`/api/replies/${second.id}/hide`);
    expect((await report(reader, second.id)).statusCode).toBe(404);
    const queue = (await apiAs(t.app, admin).get('/api/admin/reports')).json<ModerationQueue>();
    const item = queue.items.find((r) => r.content.kind === 'reply' && r.content.answer === 'rude one')!;
    expect(item.content).toMatchObject({ exists: true, question: 'a!', isAnonymous: false, sender: { id: troll.id }, owner: { id: owner.id } });
    expect(item.account).toMatchObject({ id: troll.id });
    expect((await apiAs(t.app, admin).post(`/api/admin/reports/${item.id}/resolve`, { action: 'delete' })).json()).toMatchObject({
      resolution: 'content_deleted',
    });
    expect(texts(await thread(reader, id))).toEqual([]);
    const other = (await apiAs(t.app, admin).get('/api/admin/reports')).json<ModerationQueue>().items.find((r) => r.content.answer === 'rude two')!;
    expect((await apiAs(t.app, admin).post(`/api/admin/reports/${other.id}/resolve`, { action: 'suspend' })).json()).toMatchObject({
      resolution: 'account_suspended',
    });
    await apiAs(t.app, owner).post(`/api/replies/${second.id}/show`);
    // a suspended author's replies vanish from every thread
    expect(texts(await thread(reader, id))).toEqual([]);
  });
});
