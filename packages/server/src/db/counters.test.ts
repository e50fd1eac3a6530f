import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { recountCounters } from './counters.js';
import { follows, likes, questions, users, userStats } from './schema/index.js';
import { queryRows } from './sql.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the counters must equal: the counts the profile used to run on every view. */
async function drift(): Promise<unknown[]> {
  return queryRows(
    t.ctx.db,
    sql`select u.id, s.followers, s.followings, s.answers, s.likes_received,
          (select count(*)::int from follows where followee_id = u.id) as real_followers,
          (select count(*)::int from follows where follower_id = u.id) as real_followings,
          (select count(*)::int from questions where receiver_id = u.id and answered) as real_answers,
          (select count(*)::int from likes l join questions q on q.id = l.question_id where q.receiver_id = u.id and q.answered) as real_likes
        from users u left join user_stats s on s.user_id = u.id
        where s.user_id is null or (s.followers, s.followings, s.answers, s.likes_received) is distinct from (
          (select count(*)::int from follows where followee_id = u.id), (select count(*)::int from follows where follower_id = u.id),
          (select count(*)::int from questions where receiver_id = u.id and answered),
          (select count(*)::int from likes l join questions q on q.id = l.question_id where q.receiver_id = u.id and q.answered))
        union all
        select q.id, q.like_count, (select count(*)::int from likes where question_id = q.id), null, null, null, null, null, null
        from questions q where q.like_count <> (select count(*)::int from likes where question_id = q.id)`,
  );
}

let seq = 0;
async function answer(owner: TestUser): Promise<string> {
  const asked = await apiAs(t.app, owner).post(`/api/users/${owner.username}/questions`, { text: `q${++seq}`, isAnonymous: true });
  const { id } = asked.json() as { id: string };
  expect((await apiAs(t.app, owner).post(`/api/questions/${id}/answer`, { answer: 'a' })).statusCode).toBe(204);
  return id;
}
const counts = async (viewer: TestUser, of: TestUser) => (await apiAs(t.app, viewer).get(`/api/users/${of.username}`)).json().counts;

describe('profile counters and like counts kept by the database', () => {
  it('follow, like, answer and their undoing through the API move the counters exactly', async () => {
    const [owner, fan, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    expect(await counts(fan, owner)).toEqual({ answers: 0, followings: 0, followers: 0, likes: 0 });
    await apiAs(t.app, fan).post(`/api/users/${owner.username}/follow`);
    await apiAs(t.app, other).post(`/api/users/${owner.username}/follow`);
    await apiAs(t.app, owner).post(`/api/users/${fan.username}/follow`);
    const [a1, a2] = [await answer(owner), await answer(owner)];
    await apiAs(t.app, fan).post(`/api/questions/${a1}/like`);
    await apiAs(t.app, other).post(`/api/questions/${a1}/like`);
    await apiAs(t.app, fan).post(`/api/questions/${a2}/like`);
    expect(await counts(fan, owner)).toEqual({ answers: 2, followings: 1, followers: 2, likes: 3 });
    await apiAs(t.app, other).delete(`/api/users/${owner.username}/follow`);
    await apiAs(t.app, fan).delete(`/api/questions/${a1}/like`);
    expect(await counts(fan, owner)).toEqual({ answers: 2, followings: 1, followers: 1, likes: 2 });
    // deleting an answer takes its likes off the owner's total, once
    expect((await apiAs(t.app, owner).delete(`/api/questions/${a2}`)).statusCode).toBe(204);
    expect(await counts(fan, owner)).toEqual({ answers: 1, followings: 1, followers: 1, likes: 1 });
    expect(await drift()).toEqual([]);
  });

  it('stay exact under concurrent follows, likes and unlikes of the same account and answer', async () => {
    const owner = await signUpUser(t.app);
    const fans = await Promise.all(Array.from({ length: 10 }, () => signUpUser(t.app)));
    const id = await answer(owner);
    await Promise.all(fans.flatMap((f) => [apiAs(t.app, f).post(`/api/users/${owner.username}/follow`), apiAs(t.app, f).post(`/api/questions/${id}/like`)]));
    await Promise.all(
      fans.map((f, i) =>
        i % 3 === 0
          ? Promise.all([apiAs(t.app, f).delete(`/api/questions/${id}/like`), apiAs(t.app, f).delete(`/api/users/${owner.username}/follow`)])
          : apiAs(t.app, f).post(`/api/questions/${id}/like`),
      ),
    );
    expect(await counts(owner, owner)).toEqual({ answers: 1, followings: 0, followers: 6, likes: 6 });
    const [row] = await t.ctx.db.select({ likeCount: questions.likeCount }).from(questions).where(eq(questions.id, id));
    expect(row!.likeCount).toBe(6);
    expect(await drift()).toEqual([]);
  });

  it('follow bulk statements, blocks and an account going away (cascades)', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signUpUser(t.app)));
    const [leaver, a, b, ...rest] = people as [TestUser, TestUser, TestUser, ...TestUser[]];
    // one statement, many rows, the same account on both sides of several of them
    await t.ctx.db.insert(follows).values(people.flatMap((p) => people.filter((q) => q !== p).map((q) => ({ followerId: p.id, followeeId: q.id }))));
    const id = await answer(a);
    for (const p of [leaver, b, ...rest]) await apiAs(t.app, p).post(`/api/questions/${id}/like`);
    const leaverAnswer = await answer(leaver);
    await apiAs(t.app, a).post(`/api/questions/${leaverAnswer}/like`);
    await apiAs(t.app, a).post(`/api/users/${b.username}/block`);
    expect(await counts(a, a)).toEqual({ answers: 1, followings: 4, followers: 4, likes: 5 });
    await t.ctx.db.delete(users).where(eq(users.id, leaver.id));
    expect(await counts(a, a)).toEqual({ answers: 1, followings: 3, followers: 3, likes: 4 });
    expect(await drift()).toEqual([]);
  });

  it('are put right by a recount after data loaded around the triggers', async () => {
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answer(owner);
    await apiAs(t.app, fan).post(`/api/questions/${id}/like`);
    await t.ctx.db.update(userStats).set({ followers: 99, likesReceived: 0 }).where(eq(userStats.userId, owner.id));
    await t.ctx.db.update(questions).set({ likeCount: 7 }).where(eq(questions.id, id));
    expect(await drift()).not.toEqual([]);
    await recountCounters(t.ctx.db);
    expect(await drift()).toEqual([]);
    expect(await counts(fan, owner)).toEqual({ answers: 1, followings: 0, followers: 0, likes: 1 });
    expect(await t.ctx.db.select().from(likes).where(eq(likes.questionId, id))).toHaveLength(1);
  });
});
