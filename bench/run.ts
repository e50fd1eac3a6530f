/**
 * `npm run bench`: builds a small and a large synthetic community, times the hot read paths
 * through the real app (fastify.inject, so no network noise) and reports large/small ratios.
 * A ratio near 1 means the path does not slow down as the community grows (keyset cursors and
 * indexes at work); it is a report, never a pass/fail threshold.
 *
 *   BENCH_SMALL_USERS (1000) · BENCH_LARGE_USERS (20000) · BENCH_RUNS (25)
 *   BENCH_DATABASE_URL: run on this PostgreSQL server (a database per size is created and dropped)
 */
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../packages/server/src/app.js';
import { testConfig } from '../packages/server/src/config.js';
import { drizzleOverPglite, pgliteExtensions } from '../packages/server/src/db/open.js';
import { createThrowawayPostgres, type DroppableDatabase } from '../packages/server/src/db/throwaway.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { seedCommunity, type SeedSize } from './seed.js';

const runs = Number(process.env.BENCH_RUNS ?? 25);
const sizes: Record<'small' | 'large', SeedSize> = {
  small: { users: Number(process.env.BENCH_SMALL_USERS ?? 1000), followsPerUser: 50, answersPerUser: 5, likesPerAnswer: 3 },
  large: { users: Number(process.env.BENCH_LARGE_USERS ?? 20000), followsPerUser: 50, answersPerUser: 5, likesPerAnswer: 3 },
};

async function openBenchDatabase(): Promise<DroppableDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) return createThrowawayPostgres(serverUrl, 'askbox_bench');
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  return { kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close: () => pglite.close(), drop: () => pglite.close() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(size: SeedSize): Promise<Map<string, number>> {
  const database = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const seedStart = performance.now();
    await seedCommunity(database.db, size);
    console.log(`  seeded ${size.users} users in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const app = await buildApp(testConfig({ webDistDir: '/nonexistent' }), database);
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'user42@bench.test', password: 'bench password' } });
    if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
    const cookie = `askbox_session=${login.cookies.find((c) => c.name === 'askbox_session')!.value}`;
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { nextCursor?: string | null };
    };
    const firstPage = await get('/api/feed');
    const secondPage = await get(`/api/feed?cursor=${encodeURIComponent(firstPage.nextCursor ?? '')}`);
    const paths: Record<string, string> = {
      'home feed, first page': '/api/feed',
      'home feed, third page': `/api/feed?cursor=${encodeURIComponent(secondPage.nextCursor ?? '')}`,
      'profile answers (popular user)': '/api/users/user1/answers',
      'public profile with counters': '/api/users/user1',
      'friends search (substring)': '/api/users/search?q=son%2012',
      'recommended friends': '/api/users/recommended',
      'questions inbox': '/api/me/inbox',
    };
    const results = new Map<string, number>();
    for (const [label, url] of Object.entries(paths)) {
      for (let i = 0; i < 5; i++) await get(url); // warm-up (JIT, caches)
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await get(url);
        times.push(performance.now() - start);
      }
      results.set(label, median(times));
    }
    await app.close();
    return results;
  } finally {
    await database.drop();
  }
}

console.log(`Askbox read-path benchmark on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; median of ${runs} runs`);
console.log(`small community:`);
const small = await measure(sizes.small);
console.log(`large community:`);
const large = await measure(sizes.large);
console.log(`\n| read path | ${sizes.small.users} users (ms) | ${sizes.large.users} users (ms) | ratio |`);
console.log('| --- | ---: | ---: | ---: |');
for (const [label, smallMs] of small) {
  const largeMs = large.get(label)!;
  console.log(`| ${label} | ${smallMs.toFixed(2)} | ${largeMs.toFixed(2)} | ${(largeMs / smallMs).toFixed(2)} |`);
}
