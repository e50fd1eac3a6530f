import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { likes, pushNotifications, pushSubscriptions } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { testConfig } from '../../config.js';
import { claimDue } from '../../push/worker.js';
import { insertQuestion } from '../../test/notificationFixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/**
 * Notification floods (decision 110): follow/unfollow and like/unlike loops queue at most one
 * push per (actor, target, kind) a day, and one undone within the grace period sends nothing.
 */
let t: TestApp;
let graced: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  graced = await createTestApp({ push: { ...testConfig().push, graceSeconds: 30 } });
});
afterAll(async () => {
  await t.close();
  await graced.close();
});

async function subscribed(app: TestApp): Promise<TestUser> {
  const user = await signUpUser(app.app);
  await app.ctx.db.insert(pushSubscriptions).values({
    id: crypto.randomUUID(),
    userId: user.id,
    endpoint: `https://push.example.test/${crypto.randomUUID()}`,
    p256dh: 'key',
    auth: 'auth',
  });
  return user;
}
const pushesOf = (app: TestApp, user: TestUser) => app.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, user.id));
/** What the worker does once a row is delivered. */
const markAllSent = (app: TestApp) => app.ctx.db.update(pushNotifications).set({ sent: true, sentAt: new Date() });
const follow = (app: TestApp, from: TestUser, to: TestUser) => apiAs(app.app, from).post(`/api/users/${to.username}/follow`);
const unfollow = (app: TestApp, from: TestUser, to: TestUser) => apiAs(app.app, from).delete(`/api/users/${to.username}/follow`);
const like = (app: TestApp, from: TestUser, id: string) => apiAs(app.app, from).post(`/api/answers/${id}/like`);
const unlike = (app: TestApp, from: TestUser, id: string) => apiAs(app.app, from).delete(`/api/answers/${id}/like`);

beforeEach(async () => {
  await t.ctx.db.delete(pushNotifications);
  await graced.ctx.db.delete(pushNotifications);
});

describe('follow/unfollow loops', () => {
  it('queue one push a day per follower and followee, however many times they loop', async () => {
    const [star, fan] = [await subscribed(t), await signUpUser(t.app)];
    expect((await follow(t, fan, star)).statusCode).toBe(200);
    expect(await pushesOf(t, star)).toHaveLength(1);
    await markAllSent(t);
    for (let i = 0; i < 5; i++) {
      expect((await unfollow(t, fan, star)).statusCode).toBe(200);
      expect((await follow(t, fan, star)).statusCode).toBe(200);
    }
    const rows = await pushesOf(t, star);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ type: 'follow', followerId: fan.id });
  });

  it('a different follower still gets their own push', async () => {
    const [star, fan, other] = [await subscribed(t), await signUpUser(t.app), await signUpUser(t.app)];
    await follow(t, fan, star);
    await markAllSent(t);
    await unfollow(t, fan, star);
    await follow(t, fan, star);
    await follow(t, other, star);
    expect((await pushesOf(t, star)).map((r) => (r.data as { followerId: string }).followerId).sort()).toEqual([fan.id, other.id].sort());
  });

  it('a day later, following again queues a push again', async () => {
    const [star, fan] = [await subscribed(t), await signUpUser(t.app)];
    await follow(t, fan, star);
    await markAllSent(t);
    await t.ctx.db.update(pushNotifications).set({ createdAt: sql`now() - interval '25 hours'` });
    await unfollow(t, fan, star);
    await follow(t, fan, star);
    expect(await pushesOf(t, star)).toHaveLength(2);
  });

  it('a follow undone within the grace period sends nothing: the push waits, then is cancelled', async () => {
    const [star, fan] = [await subscribed(graced), await signUpUser(graced.app)];
    await follow(graced, fan, star);
    const [row] = await pushesOf(graced, star);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // the worker cannot take it yet
    expect(await claimDue(graced.ctx.db, 6)).toHaveLength(0);
    await unfollow(graced, fan, star);
    expect(await pushesOf(graced, star)).toHaveLength(0);
    // and the next follow (kept) queues one again
    await follow(graced, fan, star);
    expect(await pushesOf(graced, star)).toHaveLength(1);
  });

  it('a push the worker already took is not cancelled (it may be on its way)', async () => {
    const [star, fan] = [await subscribed(t), await signUpUser(t.app)];
    await follow(t, fan, star);
    expect(await claimDue(t.ctx.db, 6)).toHaveLength(1);
    await unfollow(t, fan, star);
    expect(await pushesOf(t, star)).toHaveLength(1);
  });
});

describe('like/unlike loops', () => {
  it('queue one push a day per liker and answer', async () => {
    const [owner, fan] = [await subscribed(t), await signUpUser(t.app)];
    const id = await insertQuestion(t.ctx.db, { senderId: fan.id, receiverId: owner.id, answer: 'yes' });
    await like(t, fan, id);
    await markAllSent(t);
    for (let i = 0; i < 5; i++) {
      await unlike(t, fan, id);
      expect((await like(t, fan, id)).json()).toEqual({ liked: true, likeCount: 1 });
    }
    expect(await pushesOf(t, owner)).toHaveLength(1);
    // another answer of the same person is another target
    const second = await insertQuestion(t.ctx.db, { senderId: fan.id, receiverId: owner.id, answer: 'no' });
    await like(t, fan, second);
    expect(await pushesOf(t, owner)).toHaveLength(2);
  });

  it('a like undone within the grace period sends nothing', async () => {
    const [owner, fan] = [await subscribed(graced), await signUpUser(graced.app)];
    const id = await insertQuestion(graced.ctx.db, { senderId: null, receiverId: owner.id, answer: 'hello' });
    await like(graced, fan, id);
    expect(await pushesOf(graced, owner)).toHaveLength(1);
    expect(await claimDue(graced.ctx.db, 6)).toHaveLength(0);
    expect((await unlike(graced, fan, id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await pushesOf(graced, owner)).toHaveLength(0);
  });

  it('rapid parallel like/unlike clicks never leave more than one push', async () => {
    const [owner, fan] = [await subscribed(t), await signUpUser(t.app)];
    const id = await insertQuestion(t.ctx.db, { senderId: null, receiverId: owner.id, answer: 'race' });
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? unlike(t, fan, id) : like(t, fan, id))));
    await like(t, fan, id);
    expect(await pushesOf(t, owner)).toHaveLength(1);
  });

  it('a like undone before its push is queued gets none: the push needs the like row (decision 184)', async () => {
    const [owner, fan] = [await subscribed(graced), await signUpUser(graced.app)];
    const id = await insertQuestion(graced.ctx.db, { senderId: null, receiverId: owner.id, answer: 'late' });
    // the like's own statement committed, then the unlike ran before its side effects did
    await graced.ctx.db.insert(likes).values({ userId: fan.id, questionId: id });
    await graced.ctx.db.delete(likes).where(eq(likes.userId, fan.id));
    await events.emit(graced.ctx.db, graced.ctx, { type: 'likesToggled', liked: [{ likerId: fan.id, answerId: id, at: new Date() }], unliked: [] });
    expect(await pushesOf(graced, owner)).toHaveLength(0);
    // with the like still there, the same call queues it
    await graced.ctx.db.insert(likes).values({ userId: fan.id, questionId: id });
    await events.emit(graced.ctx.db, graced.ctx, { type: 'likesToggled', liked: [{ likerId: fan.id, answerId: id, at: new Date() }], unliked: [] });
    expect(await pushesOf(graced, owner)).toHaveLength(1);
  });
});
