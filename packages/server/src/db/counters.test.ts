import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { likeAnswer } from '../features/likes/service.js';
import { exactLikeCount, exactLikesReceived, foldLikeCounts, likeCountFolder, recountCounters } from './counters.js';
import { follows, likes, questions, users, userStats } from './schema/index.js';
import type { DbOrTx } from './open.js';
import { queryRows } from './sql.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Counters that differ from the counts the profile used to run on every view. `shown`: as the
 * server reads them (stored + pending changes, decision 199); `stored`: the stored columns alone,
 * which equal them once the pending changes are folded.
 */
async function drift(read: 'shown' | 'stored' = 'shown', db: DbOrTx = t.ctx.db): Promise<unknown[]> {
  const likesReceived = read === 'shown' ? exactLikesReceived(sql`u.id`, sql`s.likes_received`) : sql`s.likes_received`;
  const likeCount = read === 'shown' ? exactLikeCount(sql`q.id`, sql`q.like_count`) : sql`q.like_count`;
  return queryRows(
    db,
    sql`select u.id, s.followers, s.followings, s.answers, ${likesReceived} as likes_received,
          (select count(*)::int from follows where followee_id = u.id) as real_followers,
          (select count(*)::int from follows where follower_id = u.id) as real_followings,
          (select count(*)::int from questions where receiver_id = u.id and answered) as real_answers,
          (select count(*)::int from likes l join questions q on q.id = l.question_id where q.receiver_id = u.id and q.answered) as real_likes
        from users u left join user_stats s on s.user_id = u.id
        where s.user_id is null or (s.followers, s.followings, s.answers, ${likesReceived}) is distinct from (
          (select count(*)::int from follows where followee_id = u.id), (select count(*)::int from follows where follower_id = u.id),
          (select count(*)::int from questions where receiver_id = u.id and answered),
          (select count(*)::int from likes l join questions q on q.id = l.question_id where q.receiver_id = u.id and q.answered))
        union all
        select q.id, ${likeCount}, (select count(*)::int from likes where question_id = q.id), null, null, null, null, null, null
        from questions q where ${likeCount} <> (select count(*)::int from likes where question_id = q.id)`,
  );
}

const pendingChanges = (db: DbOrTx = t.ctx.db) =>
  queryRows<{ questionId: string; receiverId: string | null; n: number }>(
    db,
    sql`select question_id as "questionId", receiver_id as "receiverId", n from like_count_changes order by question_id, n desc`,
  );

/** Folds until nothing is pending (the server's own fold may be moving them at the same moment). */
async function foldAll(db: DbOrTx = t.ctx.db): Promise<void> {
  for (let i = 0; i < 100 && (await pendingChanges(db)).length > 0; i++) {
    await foldLikeCounts(db);
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await pendingChanges(db)).toEqual([]);
}

let seq = 0;
async function answer(owner: TestUser, on: TestApp = t): Promise<string> {
  const asked = await apiAs(on.app, owner).post(`/api/users/${owner.username}/questions`, { text: `q${++seq}`, isAnonymous: true });
  const { id } = asked.json() as { id: string };
  expect((await apiAs(on.app, owner).post(`/api/questions/${id}/answer`, { answer: 'a' })).statusCode).toBe(204);
  return id;
}
const counts = async (viewer: TestUser, of: TestUser, on: TestApp = t) => (await apiAs(on.app, viewer).get(`/api/users/${of.username}`)).json().counts;

describe('profile counters and like counts kept by the database', () => {
  it('follow, like, answer and their undoing through the API move the counters exactly', async () => {
    const [owner, fan, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    expect(await counts(fan, owner)).toEqual({ answers: 0, followings: 0, followers: 0, likes: 0 });
    await apiAs(t.app, fan).post(`/api/users/${owner.username}/follow`);
    await apiAs(t.app, other).post(`/api/users/${owner.username}/follow`);
    await apiAs(t.app, owner).post(`/api/users/${fan.username}/follow`);
    const [a1, a2] = [await answer(owner), await answer(owner)];
    await apiAs(t.app, fan).post(`/api/answers/${a1}/like`);
    await apiAs(t.app, other).post(`/api/answers/${a1}/like`);
    await apiAs(t.app, fan).post(`/api/answers/${a2}/like`);
    expect(await counts(fan, owner)).toEqual({ answers: 2, followings: 1, followers: 2, likes: 3 });
    await apiAs(t.app, other).delete(`/api/users/${owner.username}/follow`);
    await apiAs(t.app, fan).delete(`/api/answers/${a1}/like`);
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
    await Promise.all(fans.flatMap((f) => [apiAs(t.app, f).post(`/api/users/${owner.username}/follow`), apiAs(t.app, f).post(`/api/answers/${id}/like`)]));
    await Promise.all(
      fans.map((f, i) =>
        i % 3 === 0
          ? Promise.all([apiAs(t.app, f).delete(`/api/answers/${id}/like`), apiAs(t.app, f).delete(`/api/users/${owner.username}/follow`)])
          : apiAs(t.app, f).post(`/api/answers/${id}/like`),
      ),
    );
    expect(await counts(owner, owner)).toEqual({ answers: 1, followings: 0, followers: 6, likes: 6 });
    expect(await drift()).toEqual([]);
    // what the server has not folded yet is still pending
    await foldAll();
    const [row] = await t.ctx.db.select({ likeCount: questions.likeCount }).from(questions).where(eq(questions.id, id));
    expect(row!.likeCount).toBe(6);
    expect(await drift('stored')).toEqual([]);
  });

  it('follow bulk statements, blocks and an account going away (cascades)', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signUpUser(t.app)));
    const [leaver, a, b, ...rest] = people as [TestUser, TestUser, TestUser, ...TestUser[]];
    // one statement, many rows, the same account on both sides of several of them
    await t.ctx.db.insert(follows).values(people.flatMap((p) => people.filter((q) => q !== p).map((q) => ({ followerId: p.id, followeeId: q.id }))));
    const id = await answer(a);
    for (const p of [leaver, b, ...rest]) await apiAs(t.app, p).post(`/api/answers/${id}/like`);
    const leaverAnswer = await answer(leaver);
    await apiAs(t.app, a).post(`/api/answers/${leaverAnswer}/like`);
    await apiAs(t.app, a).post(`/api/users/${b.username}/block`);
    expect(await counts(a, a)).toEqual({ answers: 1, followings: 4, followers: 4, likes: 5 });
    await t.ctx.db.delete(users).where(eq(users.id, leaver.id));
    expect(await counts(a, a)).toEqual({ answers: 1, followings: 3, followers: 3, likes: 4 });
    expect(await drift()).toEqual([]);
  });

  it('are put right by a recount after data loaded around the triggers', async () => {
    const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await answer(owner);
    await apiAs(t.app, fan).post(`/api/answers/${id}/like`);
    await t.ctx.db.update(userStats).set({ followers: 99, likesReceived: 0 }).where(eq(userStats.userId, owner.id));
    await t.ctx.db.update(questions).set({ likeCount: 7 }).where(eq(questions.id, id));
    expect(await drift()).not.toEqual([]);
    await recountCounters(t.ctx.db);
    expect(await drift()).toEqual([]);
    expect(await counts(fan, owner)).toEqual({ answers: 1, followings: 0, followers: 0, likes: 1 });
    expect(await t.ctx.db.select().from(likes).where(eq(likes.questionId, id))).toHaveLength(1);
  });
});

it('the server folds pending like changes into the stored counts on its own', async () => {
  const [owner, fan] = [await signUpUser(t.app), await signUpUser(t.app)];
  const id = await answer(owner);
  await apiAs(t.app, fan).post(`/api/answers/${id}/like`);
  for (let i = 0; i < 200 && (await pendingChanges()).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
  expect(await pendingChanges()).toEqual([]);
  expect(await drift('stored')).toEqual([]);
});

describe('like changes pending until folded (decision 199)', () => {
  // an app whose fold never runs by itself: the test folds when it chooses
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({}, { likeCountFoldMs: null });
  });
  afterAll(() => q.close());
  const answerOn = (owner: TestUser) => answer(owner, q);
  const countsOn = (viewer: TestUser, of: TestUser) => counts(viewer, of, q);

  it('a like or unlike only appends its change; every count shown includes it; the fold moves it into the stored counts', async () => {
    const [owner, fan, other] = [await signUpUser(q.app), await signUpUser(q.app), await signUpUser(q.app)];
    const id = await answerOn(owner);
    expect((await apiAs(q.app, fan).post(`/api/answers/${id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await apiAs(q.app, other).post(`/api/answers/${id}/like`)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await apiAs(q.app, other).delete(`/api/answers/${id}/like`)).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await apiAs(q.app, other).post(`/api/answers/${id}/like`)).json()).toEqual({ liked: true, likeCount: 2 });
    expect(await pendingChanges(q.ctx.db)).toEqual([
      { questionId: id, receiverId: owner.id, n: 1 },
      { questionId: id, receiverId: owner.id, n: 1 },
      { questionId: id, receiverId: owner.id, n: 1 },
      { questionId: id, receiverId: owner.id, n: -1 },
    ]);
    expect(await countsOn(other, owner)).toMatchObject({ likes: 2 });
    expect((await apiAs(q.app, other).get(`/api/users/${owner.username}/answers`)).json().items[0]).toMatchObject({ id, likeCount: 2 });
    expect(await drift('shown', q.ctx.db)).toEqual([]);
    expect(await drift('stored', q.ctx.db)).not.toEqual([]);
    expect(await foldLikeCounts(q.ctx.db)).toBe(4);
    expect(await pendingChanges(q.ctx.db)).toEqual([]);
    expect(await drift('stored', q.ctx.db)).toEqual([]);
    expect(await countsOn(other, owner)).toMatchObject({ likes: 2 });
  });

  it('concurrent likes share statements: one change a batch, the sum of its likes (decision 200)', async () => {
    const owner = await signUpUser(q.app);
    const fans = await Promise.all(Array.from({ length: 8 }, () => signUpUser(q.app)));
    const id = await answerOn(owner);
    // called at once (over HTTP, the embedded database may serve each request to its end before the next)
    const states = await Promise.all(fans.map((fan) => likeAnswer(q.ctx, fan.id, id)));
    expect(states.map((s) => s.liked)).toEqual(fans.map(() => true));
    const changes = (await pendingChanges(q.ctx.db)).filter((c) => c.questionId === id);
    // fewer statements than likes: the likes that came while a batch ran went in one statement
    expect(changes.length).toBeLessThan(fans.length);
    expect(changes.reduce((sum, c) => sum + c.n, 0)).toBe(fans.length);
    // the last batch's clicks saw every like
    expect(Math.max(...states.map((s) => s.likeCount))).toBe(fans.length);
    expect(await drift('shown', q.ctx.db)).toEqual([]);
    await foldLikeCounts(q.ctx.db);
  });

  it("the server's fold vacuums the table of changes every second in which it folded some", async () => {
    const [owner, fan, other] = [await signUpUser(q.app), await signUpUser(q.app), await signUpUser(q.app)];
    const id = await answerOn(owner);
    let clock = 0;
    const fold = likeCountFolder(q.ctx.db, () => clock);
    const pages = async () =>
      (await queryRows<{ pages: number }>(q.ctx.db, sql`select (pg_relation_size('like_count_changes') / 8192)::int as pages`))[0]!.pages;
    await apiAs(q.app, fan).post(`/api/answers/${id}/like`);
    expect(await fold()).toBe(1);
    // folded, not vacuumed yet: the deleted change still takes its page
    expect(await pages()).toBeGreaterThan(0);
    clock = 1_000;
    await apiAs(q.app, other).post(`/api/answers/${id}/like`);
    expect(await fold()).toBe(1);
    // vacuumed: nothing live is left, so the table is empty to the last page
    expect(await pages()).toBe(0);
    expect(await drift('stored', q.ctx.db)).toEqual([]);
  });

  it('of a question being answered count for its owner from then on', async () => {
    const [owner, fan] = [await signUpUser(q.app), await signUpUser(q.app)];
    const asked = await apiAs(q.app, fan).post(`/api/users/${owner.username}/questions`, { text: 'unanswered', isAnonymous: true });
    const { id } = asked.json() as { id: string };
    // the API likes only answers; a like written around it counts for no one's likes received yet
    await q.ctx.db.insert(likes).values({ userId: fan.id, questionId: id });
    expect(await pendingChanges(q.ctx.db)).toEqual([{ questionId: id, receiverId: null, n: 1 }]);
    expect((await apiAs(q.app, owner).post(`/api/questions/${id}/answer`, { answer: 'a' })).statusCode).toBe(204);
    expect(await pendingChanges(q.ctx.db)).toEqual([{ questionId: id, receiverId: owner.id, n: 1 }]);
    expect(await countsOn(fan, owner)).toEqual({ answers: 1, followings: 0, followers: 0, likes: 1 });
    expect(await drift('shown', q.ctx.db)).toEqual([]);
    await foldLikeCounts(q.ctx.db);
    expect(await drift('stored', q.ctx.db)).toEqual([]);
  });

  it('of a deleted answer go with it, and its owner keeps the likes of the others', async () => {
    const [owner, fan] = [await signUpUser(q.app), await signUpUser(q.app)];
    const [kept, deleted] = [await answerOn(owner), await answerOn(owner)];
    await apiAs(q.app, fan).post(`/api/answers/${kept}/like`);
    await apiAs(q.app, fan).post(`/api/answers/${deleted}/like`);
    expect((await apiAs(q.app, owner).delete(`/api/questions/${deleted}`)).statusCode).toBe(204);
    expect(await pendingChanges(q.ctx.db)).toEqual([{ questionId: kept, receiverId: owner.id, n: 1 }]);
    expect(await countsOn(fan, owner)).toEqual({ answers: 1, followings: 0, followers: 0, likes: 1 });
    expect(await drift('shown', q.ctx.db)).toEqual([]);
    await foldLikeCounts(q.ctx.db);
    expect(await drift('stored', q.ctx.db)).toEqual([]);
  });

  it('of a liker whose account goes are taken back', async () => {
    const [owner, leaver] = [await signUpUser(q.app), await signUpUser(q.app)];
    const id = await answerOn(owner);
    await apiAs(q.app, leaver).post(`/api/answers/${id}/like`);
    await foldLikeCounts(q.ctx.db);
    await q.ctx.db.delete(users).where(eq(users.id, leaver.id));
    expect(await pendingChanges(q.ctx.db)).toEqual([{ questionId: id, receiverId: owner.id, n: -1 }]);
    expect(await countsOn(owner, owner)).toMatchObject({ likes: 0 });
    expect(await drift('shown', q.ctx.db)).toEqual([]);
    await foldLikeCounts(q.ctx.db);
    expect(await drift('stored', q.ctx.db)).toEqual([]);
  });

  it('are counted once by a recount', async () => {
    const [owner, fan] = [await signUpUser(q.app), await signUpUser(q.app)];
    const id = await answerOn(owner);
    await apiAs(q.app, fan).post(`/api/answers/${id}/like`);
    await recountCounters(q.ctx.db);
    expect(await pendingChanges(q.ctx.db)).toEqual([]);
    expect(await drift('stored', q.ctx.db)).toEqual([]);
    expect(await countsOn(fan, owner)).toMatchObject({ likes: 1 });
  });

  // Another transaction holding a row needs two connections: PostgreSQL only.
  describe.runIf(process.env.TEST_DATABASE_URL)('while another transaction holds an answer or its owner (PostgreSQL)', () => {
    let holder: pg.Client;
    beforeAll(async () => {
      if (q.database.kind !== 'postgres') throw new Error('PostgreSQL only');
      holder = new pg.Client({ connectionString: q.database.url });
      await holder.connect();
    });
    afterAll(() => holder.end());

    /** Runs `work` while `holder` holds the row `rows` selects (FOR NO KEY UPDATE, as an update of it does). */
    async function whileHeld<T>(rows: SQL, work: () => Promise<T>): Promise<T> {
      await holder.query('begin');
      try {
        const { sql: text, params } = new PgDialect().sqlToQuery(sql`${rows} for no key update`);
        expect((await holder.query(text, params)).rowCount).toBe(1);
        return await work();
      } finally {
        await holder.query('commit');
      }
    }

    for (const [what, held] of [
      ['the answer', (id: string) => sql`select 1 from questions where id = ${id}`],
      ['its owner', (_id: string, ownerId: string) => sql`select 1 from user_stats where user_id = ${ownerId}`],
    ] as const) {
      it(`likes do not wait for ${what}, and the fold leaves its changes pending until it is free`, async () => {
        const [owner, fan, other] = [await signUpUser(q.app), await signUpUser(q.app), await signUpUser(q.app)];
        const id = await answerOn(owner);
        await whileHeld(held(id, owner.id), async () => {
          expect((await apiAs(q.app, fan).post(`/api/answers/${id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
          expect((await apiAs(q.app, other).post(`/api/answers/${id}/like`)).json()).toEqual({ liked: true, likeCount: 2 });
          expect(await foldLikeCounts(q.ctx.db)).toBe(0);
          expect(await pendingChanges(q.ctx.db)).toHaveLength(2);
          expect(await countsOn(fan, owner)).toMatchObject({ likes: 2 });
          expect(await drift('shown', q.ctx.db)).toEqual([]);
        });
        expect(await foldLikeCounts(q.ctx.db)).toBe(2);
        expect(await drift('stored', q.ctx.db)).toEqual([]);
      });
    }
  });
});
