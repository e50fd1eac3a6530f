import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { likes, questions } from '../../db/schema/index.js';
import { insertBlock } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { watchEvents } from '../../test/events.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

let seq = 0;
async function answerOf(owner: TestUser, answered = true): Promise<string> {
  const id = `like-${++seq}`;
  await t.ctx.db
    .insert(questions)
    .values({ id, senderId: owner.id, receiverId: owner.id, text: 'q', answer: answered ? 'a' : null, answered, answeredAt: answered ? new Date() : null });
  return id;
}
/** The likes emitted, over every batch the watch saw. */
const likedEvents = (watch: ReturnType<typeof watchEvents>) => watch.emitted('likesToggled').flatMap((event) => event.liked);
const like = (u: TestUser, id: string) => apiAs(t.app, u).post(`/api/answers/${id}/like`);
const unlike = (u: TestUser, id: string) => apiAs(t.app, u).delete(`/api/answers/${id}/like`);

describe('likes', () => {
  it('answers the same on the old path /api/questions/:id/like, kept as an alias for one release', async () => {
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    expect((await apiAs(t.app, fan).post(`/api/questions/${id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(fan, id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await apiAs(t.app, fan).delete(`/api/questions/${id}/like`)).json()).toEqual({ liked: false, likeCount: 0 });
  });

  it('likes and unlikes, idempotently, returning the exact count and state', async () => {
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    expect((await like(fan, id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(fan, id)).json()).toEqual({ liked: true, likeCount: 1 });
    const [row] = await t.ctx.db.select().from(likes).where(eq(likes.questionId, id));
    expect(row).toMatchObject({ userId: fan.id });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect((await unlike(fan, id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect((await unlike(fan, id)).json()).toEqual({ liked: false, likeCount: 0 });
  });

  it('keeps counts exact under concurrent likes and rapid double taps', async () => {
    const owner = await signUpUser(t.app);
    const fans = await Promise.all(Array.from({ length: 8 }, () => signUpUser(t.app)));
    const id = await answerOf(owner);
    await Promise.all(fans.flatMap((f) => [like(f, id), like(f, id)]));
    expect((await like(owner, id)).json()).toEqual({ liked: true, likeCount: 9 });
    // half of them toggle off while the others like again
    await Promise.all(fans.map((f, i) => (i % 2 ? unlike(f, id) : like(f, id))));
    const state = (await unlike(owner, id)).json();
    expect(state).toEqual({ liked: false, likeCount: 4 });
    expect(await t.ctx.db.select().from(likes).where(eq(likes.questionId, id))).toHaveLength(4);
  });

  it("emits each real like of someone else's answer and each real unlike, never of one's own answer", async () => {
    const watch = watchEvents();
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    await like(owner, id);
    expect(likedEvents(watch)).toEqual([]);
    await like(fan, id);
    await like(fan, id);
    expect(likedEvents(watch)).toEqual([expect.objectContaining({ likerId: fan.id, answerId: id })]);
    await unlike(fan, id);
    await unlike(fan, id);
    expect(watch.emitted('likesToggled').flatMap((event) => event.unliked)).toEqual([{ likerId: fan.id, answerId: id }]);
  });

  it('refuses unanswered, unknown and blocked answers, and signed-out callers', async () => {
    const [owner, fan, blocker] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    expect((await like(fan, await answerOf(owner, false))).statusCode).toBe(404);
    expect((await like(fan, 'nope')).statusCode).toBe(404);
    const blockedAnswer = await answerOf(blocker);
    await insertBlock(t.ctx.db, blocker.id, fan.id);
    expect((await like(fan, blockedAnswer)).statusCode).toBe(403);
    expect((await apiAs(t.app, null).post(`/api/answers/${blockedAnswer}/like`)).statusCode).toBe(401);
  });

  it('answers each of many concurrent clicks for itself, however they were batched (decision 200)', async () => {
    const [owner, blocker, liker, already, absent] = [
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
    ];
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUpUser(t.app)));
    const id = await answerOf(owner);
    const blockedAnswer = await answerOf(blocker);
    await insertBlock(t.ctx.db, blocker.id, liker.id);
    await like(already, id);
    const watch = watchEvents();
    const responses = await Promise.all([
      like(liker, id),
      like(liker, blockedAnswer),
      like(liker, 'nope'),
      like(liker, await answerOf(owner, false)),
      like(already, id),
      unlike(absent, id),
      ...fans.map((fan) => like(fan, id)),
    ]);
    expect(responses.slice(0, 6).map((r) => r.statusCode)).toEqual([200, 403, 404, 404, 200, 200]);
    expect(responses[0]!.json()).toMatchObject({ liked: true });
    expect(responses[4]!.json()).toMatchObject({ liked: true });
    expect(responses[5]!.json()).toMatchObject({ liked: false });
    // every count a click saw lies between the count before the clicks and the count after them
    for (const r of [responses[0]!, ...responses.slice(6)]) expect(r.json().likeCount).toBeGreaterThanOrEqual(2);
    for (const r of responses.filter((r) => r.statusCode === 200)) expect(r.json().likeCount).toBeLessThanOrEqual(8);
    expect((await like(owner, id)).json()).toEqual({ liked: true, likeCount: 9 });
    // the events of each like really added to someone else's answer: the liker's and the 6 fans'
    expect(likedEvents(watch)).toHaveLength(7);
  });

  it('go with the answer when its owner deletes it', async () => {
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answerOf(owner);
    await like(fan, id);
    expect((await apiAs(t.app, owner).delete(`/api/questions/${id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(likes).where(eq(likes.questionId, id))).toHaveLength(0);
  });
});
