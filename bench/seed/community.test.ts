import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '@askbox/common';
import { drizzleOverPglite, pgliteExtensions } from '../../packages/server/src/db/open.js';
import { migrateDatabase } from '../../packages/server/src/db/migrate.js';
import { defaultCommunity, seedCommunity, type SeedInfo, type SqlSession } from './community.js';

let pglite: PGlite;
let session: SqlSession;
let info: SeedInfo;
const users = 300;

beforeAll(async () => {
  pglite = await PGlite.create({ extensions: pgliteExtensions });
  await migrateDatabase({ kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close: () => pglite.close() });
  session = { query: async <T>(text: string) => (await pglite.query<T>(text)).rows };
  info = await seedCommunity(session, { ...defaultCommunity(users), heavyAnswers: 400, zipfFollows: 20, randomFollows: 30 }, 'not-a-real-hash');
}, 60_000);
afterAll(() => pglite.close());

const one = async <T>(text: string) => (await session.query<T>(text))[0]!;

describe('bench data generator (small PGlite community)', () => {
  it('makes the requested users with valid, unique usernames and one admin', async () => {
    const rows = await session.query<{ username: string; email: string; role: string }>('select username, email, role from users');
    expect(rows).toHaveLength(users);
    expect(rows.every((r) => USERNAME_PATTERN.test(r.username) && r.username.length <= 30)).toBe(true);
    expect(new Set(rows.map((r) => r.email)).size).toBe(users);
    expect(rows.filter((r) => r.role === 'admin').map((r) => r.username)).toEqual([info.admin]);
  });

  it('leaves the profile counters and like counts exact (loaded with triggers off, then recounted)', async () => {
    const wrong = await one<{ n: number }>(
      `select count(*)::int as n from users u join user_stats s on s.user_id = u.id
       where s.followers <> (select count(*) from follows where followee_id = u.id)
          or s.followings <> (select count(*) from follows where follower_id = u.id)
          or s.answers <> (select count(*) from questions where receiver_id = u.id and answered)
          or s.likes_received <> (select count(*) from likes l join questions q on q.id = l.question_id where q.receiver_id = u.id and q.answered)`,
    );
    expect(wrong.n).toBe(0);
    expect((await one<{ n: number }>('select count(*)::int as n from user_stats')).n).toBe(users);
    const likeCounts = await one<{ n: number }>(
      'select count(*)::int as n from questions q where like_count <> (select count(*) from likes where question_id = q.id)',
    );
    expect(likeCounts.n).toBe(0);
  });

  it('skews popularity: the top account is followed by most users, the median by few', async () => {
    const counts = await session.query<{ followers: number }>('select count(*)::int as followers from follows group by followee_id order by followers desc');
    const top = counts[0]!.followers;
    const median = counts[Math.floor(counts.length / 2)]!.followers;
    expect(top).toBeGreaterThan(users / 2);
    expect(top).toBeGreaterThan(3 * median);
    const selfFollows = await one<{ n: number }>('select count(*)::int as n from follows where follower_id = followee_id');
    expect(selfFollows.n).toBe(0);
  });

  it('gives the heavy answerers their answers and leaves about half of the other questions unanswered', async () => {
    expect(info.heavyAnswerers).toHaveLength(2);
    for (const username of info.heavyAnswerers) {
      const row = await one<{ n: number }>(
        `select count(*)::int as n from questions q join users u on u.id = q.receiver_id where u.username = '${username}' and q.answered`,
      );
      expect(row.n).toBeGreaterThanOrEqual(400);
    }
    const share = await one<{ answered: number; anonymous: number; nullTimes: number }>(
      `select avg(answered::int)::float8 as answered, avg(is_anonymous::int)::float8 as anonymous,
              count(*) filter (where answered and answered_at is null)::int as "nullTimes"
       from questions where receiver_id not in (select id from users where username in (${info.heavyAnswerers.map((u) => `'${u}'`).join(', ')}))`,
    );
    expect(share.answered).toBeGreaterThan(0.35);
    expect(share.answered).toBeLessThan(0.65);
    expect(share.anonymous).toBeGreaterThan(0.25);
    expect(share.anonymous).toBeLessThan(0.55);
    expect(share.nullTimes).toBe(0);
  });

  it('puts a long tail on likes, only on answered questions, and records what it made', async () => {
    const likes = await one<{ max: number; median: number; onUnanswered: number }>(
      `select max(n)::int as max, (percentile_disc(0.5) within group (order by n))::int as median,
              (select count(*)::int from likes l join questions q on q.id = l.question_id where not q.answered) as "onUnanswered"
       from (select count(*) as n from likes group by question_id) c`,
    );
    expect(likes.max).toBeGreaterThan(10 * likes.median);
    expect(likes.onUnanswered).toBe(0);
    const stored = await one<{ value: SeedInfo }>(`select value from app_settings where key = 'bench_seed'`);
    expect(stored.value.counts.users).toBe(users);
    expect(stored.value.counts.likes).toBeGreaterThan(0);
  });
});
