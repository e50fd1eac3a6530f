import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Database } from '../../packages/server/src/db/open.js';
import { run, type Statement as NamedStatement } from '../../packages/server/src/db/statements.js';
import { inlined, pgliteRunner, pgRunner, type Runner, type Statement } from './capture.js';
import type { ReadRequest } from './paths.js';
import { percentile } from './stats.js';

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** requests a second of each slice, in the order taken: the spread between turns */
  sliceRps: number[];
  /** CPU time of this process per request (the driver loop's own cost; pgbench's is outside it) */
  cpuMsPerRequest: number;
}

/** One slice of a bare replay: each request's latency (ms), the seconds they took together, this process's CPU time meanwhile (ms). */
export interface BareSlice {
  latencies: number[];
  seconds: number;
  cpuMs: number;
}

/** Slices taken between other measurements (A, B, A, B…) as one run. */
export function throughputOf(slices: BareSlice[]): Throughput {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const cpuMs = slices.reduce((n, s) => n + s.cpuMs, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    sliceRps: slices.map((s) => s.latencies.length / s.seconds),
    cpuMsPerRequest: cpuMs / latencies.length,
  };
}

/** This process's CPU time so far (user + system), in ms. */
const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * `connections` loops for `seconds`, each running one request's statements in order with `runner`
 * of its own, request after request.
 */
async function replayLoops(runners: Runner[], requests: ReadRequest[], seconds: number): Promise<BareSlice> {
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = processCpuMs();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    runners.map(async (runStatement) => {
      while (performance.now() < deadline) {
        const request = requests[next++ % requests.length]!;
        const t0 = performance.now();
        for (const statement of request.statements) await runStatement(statement);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000, cpuMs: processCpuMs() - cpuBefore };
}

/** A captured named statement as the server's `run` takes it: every value a placeholder of its own. */
const asNamed = (s: Statement): NamedStatement<unknown, Record<string, unknown>> => ({
  name: s.name!,
  text: s.text,
  params: s.values.map((_, i) => sql.placeholder(`p${i}`)),
  notifies: false,
});
const argsOf = (s: Statement) => Object.fromEntries(s.values.map((v, i) => [`p${i}`, v]));

/**
 * The fair replay: the server's SQL the server's way, minus HTTP. Each statement goes through the
 * server's own database layer on a database opened as the server opens it: a named statement by
 * its name through `run` (parsed and planned once per connection, generic plans, on the statement
 * pool), a query builder's statement unnamed on the other pool, as the server sends them. The
 * database stays open between slices, so its connections are as warm as the server's.
 */
export function preparedReplay(database: Database, requests: ReadRequest[], options: { connections: number; seconds: number }): Promise<BareSlice> {
  const unnamed = (s: Statement) => (database.kind === 'pglite' ? database.pglite.query(s.text, s.values) : database.pool.query(s.text, s.values));
  const runner: Runner = (s) => (s.name ? run(database.db, asNamed(s), argsOf(s)) : unnamed(s));
  return replayLoops(
    Array.from({ length: options.connections }, () => runner),
    requests,
    options.seconds,
  );
}

/** A statement on one line for pgbench: its `--` comments end at their line, so they go first (the server's SQL has no `--` inside a string). */
const oneLine = (text: string) => text.replace(/--[^\n]*/g, '').replace(/\s*\n\s*/g, ' ');

/** pgbench runs at most this many script files; one per captured request. */
const PGBENCH_MAX_SCRIPTS = 100;

/**
 * Replays the captured statements with pgbench (C, one connection per client, no Node in the
 * way): one script file per captured request with its parameters written in, all scripts equally
 * weighted, `connections` clients, simple protocol (pgbench would take `:MI` inside the server's
 * to_char formats for a variable in extended mode). A pgbench "transaction" is one HTTP request's
 * worth of SQL, run in order on one connection.
 */
export function pgbenchReplay(url: string, requests: ReadRequest[], options: { connections: number; seconds: number }): BareSlice {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-pgbench-'));
  try {
    const scripts = requests.slice(0, PGBENCH_MAX_SCRIPTS).map((request, i) => {
      const file = path.join(dir, `request-${i}.sql`);
      fs.writeFileSync(file, request.statements.map((s) => `${oneLine(inlined(s))};\n`).join(''));
      return file;
    });
    const args = [
      '-n',
      '-M',
      'simple',
      '-c',
      String(options.connections),
      '-j',
      String(Math.min(2, options.connections)),
      '-T',
      String(Math.max(1, Math.round(options.seconds))),
      '-l',
      `--log-prefix=${path.join(dir, 'log')}`,
      ...scripts.flatMap((f) => ['-f', f]),
      url,
    ];
    const result = spawnSync('pgbench', args, { encoding: 'utf8', cwd: dir });
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
      throw new Error('--bare pgbench needs pgbench on the PATH (Debian: apt-get install postgresql-client); the fair replay (--bare prepared) does not');
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr || result.error}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
    const latencies = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('log'))
      .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter((ms) => Number.isFinite(ms));
    // pgbench's own rate leaves its connection time out; the slice's time is the one that rate implies
    const rate = Number(tps?.[1] ?? 0);
    return { latencies, seconds: rate > 0 ? latencies.length / rate : options.seconds, cpuMs: 0 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replays the captured statements through the driver in a tight loop: `connections` workers,
 * each running one request's statements in order, request after request, for `seconds`.
 * On PGlite (one in-process engine) this is the bare-SQL reference; on PostgreSQL it is the
 * alternative to pgbench (--bare driver).
 */
export async function driverReplay(
  target: { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite },
  requests: ReadRequest[],
  options: { connections: number; seconds: number },
): Promise<BareSlice> {
  const clients: pg.Client[] = [];
  const runners: Runner[] = [];
  for (let i = 0; i < options.connections; i++) {
    if (target.kind === 'pglite') {
      runners.push(pgliteRunner(target.pglite));
    } else {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      clients.push(client);
      runners.push(pgRunner(client));
    }
  }
  try {
    return await replayLoops(runners, requests, options.seconds);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
