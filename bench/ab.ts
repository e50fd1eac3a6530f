/**
 * `npm run bench:ab -- --against DIR [--path like|ask|global]`: one path of this checkout's server
 * and of another checkout's (DIR, built there with `npm run build`), in alternating short runs
 * against the same database: the like toggle or asking (requests a second, under load) or the
 * admin's global question (seconds for one send to every user, removed after each). On a shared machine the same build's figures drift by half from one minute to the next
 * (docs/benchmarks.md); runs taken in turns, A B B A A B …, see the same drift, so only their
 * comparison counts. PostgreSQL only (DATABASE_URL): two servers cannot open one PGlite.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { openDatabase } from '../packages/server/src/db/open.js';
import { likeToggleSequence, pickLikePairs } from './lib/likes.js';
import { httpLoad } from './lib/load.js';
import { startServer, type RunningServer } from './lib/server.js';
import { fixed } from './lib/stats.js';
import { timeGlobalQuestion } from './lib/sse.js';
import { askSequence, BENCH_QUESTION_TEXT, cleanUp, pickSubjects, settleLikeCounts } from './lib/subjects.js';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '6' },
    viewers: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
    path: { type: 'string', default: 'like' },
  },
});
const PATHS = ['like', 'ask', 'global'] as const;
const measuredPath = args.path as (typeof PATHS)[number];
if (!PATHS.includes(measuredPath)) throw new Error(`--path: one of ${PATHS.join(', ')}`);
const databaseUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('set DATABASE_URL (or --database-url): the A/B runs on PostgreSQL');
if (!args.against) throw new Error('--against DIR: the other checkout, built there with npm run build');
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);

const database = await openDatabase({ databaseUrl, dataDir: '' });
// this checkout's schema, as its server would migrate it at start: the subjects' sessions are written before the servers start
await migrateDatabase(database);
const builds: { name: string; server: RunningServer; rps: number[]; cpu: number[] }[] = [];
const subjects = await pickSubjects(database, { viewers: Number(args.viewers), sseClients: 0 });
const pairs = await pickLikePairs(database.db, subjects.viewers);
/** One turn of the measured path on one build: a rate (higher is better) or, for the global question, seconds (lower is better). */
async function turn(server: RunningServer): Promise<{ value: number; cpu: number; line: string }> {
  if (measuredPath === 'global') {
    const sent = await timeGlobalQuestion(server, subjects.admin);
    // each send leaves the database as it found it: the next one writes as many rows into the same tables
    await database.db.execute(sql`delete from questions where text = ${BENCH_QUESTION_TEXT}`);
    await database.db.execute(sql`vacuum analyze questions`);
    return { value: sent.seconds, cpu: 0, line: `${fixed(sent.seconds, 2)} s to ${sent.count.toLocaleString('en')} users` };
  }
  if (measuredPath === 'like') await database.db.execute(sql`vacuum likes, like_count_changes`);
  const sequence = measuredPath === 'like' ? likeToggleSequence(pairs) : askSequence(subjects);
  const result = await httpLoad(server, sequence, { connections: 8, seconds, warmup: 1 });
  const errors = result.errors + result.non2xx;
  return {
    value: result.rps,
    cpu: result.cpuMsPerRequest,
    line: `${fixed(result.rps, 0)} req/s, p99 ${result.p99} ms, server CPU ${fixed(result.cpuMsPerRequest, 2)} ms/request${errors ? `, ${errors} errors` : ''}`,
  };
}

const label = { like: 'like toggle', ask: 'asking (anonymous questions to typical profiles)', global: "the admin's global question" }[measuredPath];
try {
  await settleLikeCounts(database.db);
  console.log(
    `${label} A/B, ${rounds} rounds${measuredPath === 'global' ? ' of one send' : ` of ${seconds} s (+1 s warm-up) each, 8 connections`}, ${subjects.viewers.length} viewers; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
      .loadavg()
      .map((n) => fixed(n, 1))
      .join(' ')}`,
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
      const result = await turn(build.server);
      build.rps.push(result.value);
      build.cpu.push(result.cpu);
      console.log(`  round ${round + 1}, ${build.name}: ${result.line}`);
    }
  }
} finally {
  for (const build of builds) await build.server.stop();
  await cleanUp(database.db, subjects.sessionIds, pairs);
  await database.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [a, b] = builds as [(typeof builds)[number], (typeof builds)[number]];
const lowerIsBetter = measuredPath === 'global';
const wins = a.rps.filter((value, i) => (lowerIsBetter ? value < b.rps[i]! : value > b.rps[i]!)).length;
const spread = (values: number[]) => `${fixed(Math.min(...values), lowerIsBetter ? 2 : 0)}–${fixed(Math.max(...values), lowerIsBetter ? 2 : 0)}`;
for (const build of builds)
  console.log(
    lowerIsBetter
      ? `${build.name}: median ${fixed(median(build.rps), 2)} s (${spread(build.rps)})`
      : `${build.name}: median ${fixed(median(build.rps), 0)} req/s (${spread(build.rps)}), ${fixed(median(build.cpu), 2)} ms of server CPU a request`,
  );
console.log(
  `this checkout ÷ the other: ${fixed(median(a.rps) / median(b.rps), 2)} (medians of ${lowerIsBetter ? 'seconds' : 'requests a second'}); better in ${wins} of ${rounds} rounds; load ${os
    .loadavg()
    .map((n) => fixed(n, 1))
    .join(' ')}`,
);
