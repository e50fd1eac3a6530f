/**
 * `npm run bench:ab -- --against DIR`: the like toggle of this checkout's server and of another
 * checkout's (DIR, built there with `npm run build`), in alternating short runs against the same
 * database. On a shared machine the same build's figures drift by half from one minute to the next
 * (docs/benchmarks.md); runs taken in turns, A B B A A B …, see the same drift, so only their
 * comparison counts. PostgreSQL only (DATABASE_URL): two servers cannot open one PGlite.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/open.js';
import { likeToggleSequence, pickLikePairs } from './lib/likes.js';
import { httpLoad } from './lib/load.js';
import { startServer, type RunningServer } from './lib/server.js';
import { fixed } from './lib/stats.js';
import { cleanUp, pickSubjects, settleLikeCounts } from './lib/subjects.js';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '6' },
    viewers: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
  },
});
const databaseUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('set DATABASE_URL (or --database-url): the A/B runs on PostgreSQL');
if (!args.against) throw new Error('--against DIR: the other checkout, built there with npm run build');
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);

const database = await openDatabase({ databaseUrl, dataDir: '' });
const builds: { name: string; server: RunningServer; rps: number[]; cpu: number[] }[] = [];
const subjects = await pickSubjects(database, { viewers: Number(args.viewers), sseClients: 0 });
const pairs = await pickLikePairs(database.db, subjects.viewers);
try {
  await settleLikeCounts(database.db);
  console.log(
    `like toggle A/B, ${rounds} rounds of ${seconds} s (+1 s warm-up) each, 8 connections, ${pairs.length} viewers; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
  );
  builds.push({ name: 'this checkout', server: await startServer({ databaseUrl, logLevel: 'warn' }), rps: [], cpu: [] });
  builds.push({
    name: path.resolve(args.against),
    server: await startServer({ databaseUrl, logLevel: 'warn', checkout: path.resolve(args.against) }),
    rps: [],
    cpu: [],
  });
  for (let round = 0; round < rounds; round++) {
    // A B, then B A: neither build always runs right after the other's writes
    for (const build of round % 2 ? [...builds].reverse() : builds) {
      await database.db.execute(sql`vacuum likes, like_count_changes`);
      const result = await httpLoad(build.server, likeToggleSequence(pairs), { connections: 8, seconds, warmup: 1 });
      build.rps.push(result.rps);
      build.cpu.push(result.cpuMsPerRequest);
      console.log(
        `  round ${round + 1}, ${build.name}: ${fixed(result.rps, 0)} req/s, p99 ${result.p99} ms, server CPU ${fixed(result.cpuMsPerRequest, 2)} ms/request${result.errors + result.non2xx ? `, ${result.errors + result.non2xx} errors` : ''}`,
      );
    }
  }
} finally {
  for (const build of builds) await build.server.stop();
  await cleanUp(database.db, subjects.sessionIds, pairs);
  await database.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [a, b] = builds as [(typeof builds)[number], (typeof builds)[number]];
const wins = a.rps.filter((rps, i) => rps > b.rps[i]!).length;
for (const build of builds)
  console.log(`${build.name}: median ${fixed(median(build.rps), 0)} req/s, ${fixed(median(build.cpu), 2)} ms of server CPU a request`);
console.log(`this checkout ÷ the other: ${fixed(median(a.rps) / median(b.rps), 2)} (medians); faster in ${wins} of ${rounds} rounds`);
