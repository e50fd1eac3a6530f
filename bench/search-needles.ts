/**
 * Search's SQL for every short needle (decision 149): runs the server's own `searchUsers` for every
 * 1- and 2-character piece found in usernames and full names (plus some found nowhere) and for the
 * 3-character ones the benchmark's paths do not cover, with PostgreSQL's custom and then forced
 * generic plans, and prints the time per needle (median of 3) at p50 / p99 / max and the slowest
 * needles. One connection, nothing else running in this process: the figures are the SQL's.
 *
 *   DATABASE_URL=postgres://… npm run bench:search          # or --data-dir DIR for PGlite
 */
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../packages/server/src/db/open.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { searchUsers } from '../packages/server/src/features/friends/service.js';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'data-dir': { type: 'string' },
    'two-letter-sample': { type: 'string', default: '400' },
  },
});

interface Timing {
  needle: string;
  ms: number;
  found: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function rows<T>(database: Database, text: string): Promise<T[]> {
  if (database.kind === 'pglite') return (await database.pglite.query<T>(text)).rows;
  return (await database.pool.query(text)).rows as T[];
}

async function needles(database: Database): Promise<{ one: string[]; two: string[]; three: string[] }> {
  // every piece present, most frequent first (the broad needles are the hard ones for the walk, the rare for the index)
  const pieces = await rows<{ piece: string; n: number }>(
    database,
    `select piece, count(*)::int as n from users, unnest(askbox_short_grams(username, fullname)) piece
     where piece !~ '\\s' group by piece order by n desc, piece`,
  );
  const one = pieces.filter((p) => Array.from(p.piece).length === 1).map((p) => p.piece);
  const twoAll = pieces.filter((p) => Array.from(p.piece).length === 2).map((p) => p.piece);
  const sample = Number(options['two-letter-sample']);
  const step = Math.max(1, Math.floor(twoAll.length / sample));
  const two = [...twoAll.filter((_, i) => i % step === 0), 'qz', 'zq', 'xj', '%', '_'];
  const three = ['son', 'ann', 'ell', 'xyz', 'a_b', 'an_', 'mar', 'ria', 'tin', 'zzz'];
  return { one: [...one, 'ǭ'], two, three };
}

async function time(database: Database, viewerId: string, list: string[]): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const needle of list) {
    const runs: number[] = [];
    let found = 0;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      found = (await searchUsers(database.db, viewerId, needle)).length;
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    out.push({ needle, ms: runs[1]!, found });
  }
  return out;
}

function summary(label: string, timings: Timing[]): string {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const slowest = [...timings]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map((t) => `'${t.needle}' ${t.ms.toFixed(2)} ms (${t.found})`)
    .join(', ');
  return `${label.padEnd(34)} ${String(timings.length).padStart(4)} needles  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  max ${sorted.at(-1)!.toFixed(2)} ms   slowest: ${slowest}`;
}

async function main() {
  const url = options['database-url'];
  const plans = url ? ['auto', 'force_generic_plan'] : ['auto'];
  for (const plan of plans) {
    const databaseUrl = url ? `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c plan_cache_mode=${plan}`)}` : undefined;
    const database = await openDatabase({ databaseUrl, dataDir: options['data-dir'] ?? './data' });
    if (database.kind === 'postgres') database.pool.options.max = 1;
    try {
      await migrateDatabase(database);
      const [viewer] = await rows<{ id: string; users: number }>(
        database,
        `select id, (select count(*)::int from users) as users from users order by id limit 1`,
      );
      const { one, two, three } = await needles(database);
      const base = database.kind === 'pglite' ? 'PGlite' : `PostgreSQL, plan_cache_mode=${plan}`;
      console.log(`${base}, ${viewer!.users} users`);
      // warm the cache and (on PostgreSQL) pass the 5 custom plans before a generic one may be chosen
      await time(database, viewer!.id, [...one.slice(0, 8), ...two.slice(0, 8)]);
      console.log(summary('  1 character', await time(database, viewer!.id, one)));
      console.log(summary('  2 characters', await time(database, viewer!.id, two)));
      console.log(summary('  3 characters', await time(database, viewer!.id, three)));
    } finally {
      await database.close();
    }
  }
}

await main();
