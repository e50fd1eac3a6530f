import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../db/schema/index.js';
import { exactLikeCount, foldLikeCounts } from '../db/counters.js';
import { queryRows } from '../db/sql.js';
import { createSession } from '../features/auth/sessions.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { makeWorld, type World } from './world.js';

/**
 * Concurrency: 200 people each click like/unlike and follow/unfollow 10 times in a row,
 * all at once, against one database. Counters must equal the ground truth (each person's last
 * click), with no duplicate rows, and exactly one push record per click that really changed
 * something (unliked → liked, not following → following).
 */
const PEOPLE = 200;
const CLICKS = 10;

let t: TestApp;
let world: World;
const cookies: string[] = [];
const ids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  world = await makeWorld(t.ctx.db);
  // the owner has a device, so likes and follows queue pushes
  const { keys } = makeSubscriptionKeys();
  await t.ctx.db
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), userId: world.people.owner.id, endpoint: 'https://push.example.test/owner', p256dh: keys.p256dh, auth: keys.auth });
  const rows = Array.from({ length: PEOPLE }, (_, i) => ({
    id: crypto.randomUUID(),
    username: `clicker_${i}`,
    email: `clicker_${i}@example.test`,
    fullname: `Clicker ${i}`,
    passwordHash: 'x',
  }));
  await t.ctx.db.insert(users).values(rows);
  for (const row of rows) {
    ids.push(row.id);
    cookies.push(`askbox_session=${(await createSession(t.ctx.db, row.id, 1)).token}`);
  }
});
afterAll(() => t.close());

/** A small seeded generator: the same clicks every run. */
function clicksOf(person: number): boolean[] {
  let state = person * 7919 + 17;
  return Array.from({ length: CLICKS }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return ((state >> 16) & 1) === 0; // a high bit: the low bits of this generator alternate
  });
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

describe('concurrent toggles', () => {
  it(`${PEOPLE} people × ${CLICKS} like/unlike and follow/unfollow clicks: exact counts, no duplicates, one push per person who ends liking or following`, async () => {
    const owner = world.people.owner.username;
    let truthLikes = 0;
    let truthFollows = 0;
    const failures: string[] = [];
    const tasks = cookies.map((cookie, person) => async () => {
      const likeClicks = clicksOf(person);
      const followClicks = clicksOf(person + PEOPLE);
      let liked = false;
      let following = false;
      for (let i = 0; i < CLICKS; i++) {
        const [like, follow] = await Promise.all([
          t.app.inject({ method: likeClicks[i] ? 'POST' : 'DELETE', url: `/api/answers/${world.answeredId}/like`, headers: { cookie } }),
          t.app.inject({ method: followClicks[i] ? 'POST' : 'DELETE', url: `/api/users/${owner}/follow`, headers: { cookie } }),
        ]);
        if (like.statusCode !== 200 || follow.statusCode !== 200)
          failures.push(`${person}: ${like.statusCode}/${follow.statusCode} ${like.body} ${follow.body}`);
        liked = likeClicks[i]!;
        following = followClicks[i]!;
      }
      if (liked) truthLikes++;
      if (following) truthFollows++;
    });
    await pool(tasks, 64);
    console.log(`concurrency: ${PEOPLE * CLICKS * 2} clicks by ${PEOPLE} people; ${truthLikes} likes and ${truthFollows} follows at the end`);
    expect(failures.slice(0, 5)).toEqual([]);

    const [counts] = await queryRows<{
      likes: number;
      likeCount: number;
      follows: number;
      likePushes: number;
      followPushes: number;
      duplicateLikes: number;
      duplicateFollows: number;
    }>(
      t.ctx.db,
      sql`select
            (select count(*)::int from likes where question_id = ${world.answeredId}) as likes,
            (select ${exactLikeCount(sql`q.id`, sql`q.like_count`)} from questions q where q.id = ${world.answeredId}) as "likeCount",
            (select count(*)::int from follows where followee_id = ${world.people.owner.id}) as follows,
            (select count(*)::int from push_notifications where user_id = ${world.people.owner.id} and data->>'type' = 'like') as "likePushes",
            (select count(*)::int from push_notifications where user_id = ${world.people.owner.id} and data->>'type' = 'follow') as "followPushes",
            (select count(*)::int from (select user_id from likes group by user_id, question_id having count(*) > 1) d) as "duplicateLikes",
            (select count(*)::int from (select follower_id from follows group by follower_id, followee_id having count(*) > 1) d) as "duplicateFollows"`,
    );
    expect(counts).toEqual({
      likes: truthLikes,
      likeCount: truthLikes,
      follows: truthFollows,
      // decision 110: at most one push a day per (person, target), and one still waiting is
      // cancelled when undone, so the pushes left are one per person who ends liking / following
      likePushes: truthLikes,
      followPushes: truthFollows,
      duplicateLikes: 0,
      duplicateFollows: 0,
    });
    const profile = (await t.app.inject({ method: 'GET', url: `/api/users/${owner}`, headers: { cookie: world.people.stranger.cookie } })).json();
    expect(profile.counts).toMatchObject({ followers: truthFollows, likes: truthLikes });
    // likes that found the answer's counts held left their change pending (decision 199): once
    // folded, the stored count alone is the truth
    const pending = async () => (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from like_count_changes`))[0]!.n;
    for (let i = 0; i < 100 && (await pending()) > 0; i++) {
      await foldLikeCounts(t.ctx.db);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [stored] = await queryRows<{ likeCount: number; pending: number }>(
      t.ctx.db,
      sql`select (select like_count from questions where id = ${world.answeredId}) as "likeCount",
            (select count(*)::int from like_count_changes) as pending`,
    );
    expect(stored).toEqual({ likeCount: truthLikes, pending: 0 });
  });
});
