/**
 * `npm run bench` itself, end to end on a tiny seeded PGlite community: one short turn of every
 * scenario, so that the benchmark cannot rot unnoticed between the runs that measure. What it
 * checks is that every figure is there and finite, never how fast anything was.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../packages/server/src/db/open.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { queryRows } from '../packages/server/src/db/sql.js';
import { defaultCommunity, seedCommunity } from './seed/community.js';
import { sessionOf } from './lib/database.js';
import { BENCH_QUESTION_TEXT } from './lib/subjects.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-bench-smoke-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    const session = await sessionOf(database);
    await seedCommunity(session, { ...defaultCommunity(120), heavyAnswers: 150, zipfFollows: 12, randomFollows: 15 }, 'not-a-real-hash');
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const tinyRun = ['--pglite', '--seconds', '0.5', '--slice', '0.5', '--connections', '2', '--viewers', '3', '--sse-clients', '3', '--sse-answers', '1'];

/** Runs the benchmark; `interruptAfter`: sends SIGTERM once a line containing it is printed. */
function bench(extra: string[], interruptAfter?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...tinyRun, '--data-dir', dataDir, ...extra], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const hear = (chunk: Buffer) => {
      output += chunk.toString();
      if (interruptAfter && output.includes(interruptAfter)) {
        interruptAfter = undefined;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function leftBehind(): Promise<{ sessions: number; questions: number }> {
  const database = await openDatabase({ dataDir });
  try {
    const [sessions] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sessions`);
    const [questions] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from questions where text = ${BENCH_QUESTION_TEXT}`);
    return { sessions: sessions!.n, questions: questions!.n };
  } finally {
    await database.close();
  }
}

describe('npm run bench on a tiny PGlite community', () => {
  it('removes its sessions when it is stopped halfway', async () => {
    // the sessions are written before the dataset is described
    const { code, output } = await bench([], 'dataset:');
    expect(output).toContain('SIGTERM: removing what the run wrote');
    expect(code).toBe(128 + os.constants.signals.SIGTERM);
    expect(await leftBehind()).toEqual({ sessions: 0, questions: 0 });
  }, 180_000);

  it('reports every path with finite figures, against the fair replay, and leaves nothing behind', async () => {
    const out = path.join(dataDir, 'result.json');
    const { code, output } = await bench(['--out', out]);
    expect(code, output).toBe(0);
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      bareModes: string[];
      loadAverage: { start: number[]; end: number[] };
      rows: { name: string; api?: Record<string, number>; bare?: Record<string, number>; turnRatios?: number[] }[];
      chunked?: Record<string, number>;
      sse?: Record<string, number>;
      globalQuestion?: Record<string, number>;
    };
    expect(report.bareModes).toEqual(['prepared']);
    expect(report.loadAverage.start.every(Number.isFinite)).toBe(true);
    const readPaths = ['feed1', 'feed2', 'profile', 'profileHeavy', 'searchNarrow', 'searchBroad', 'recommended', 'inbox'];
    expect(report.rows.map((r) => r.name)).toEqual([...readPaths, 'like', 'ask']);
    // a turn this short on a busy machine may complete no request of a cold path: only that every figure is there
    for (const row of report.rows) {
      for (const figure of ['rps', 'p50', 'p99', 'requests', 'cpuMsPerRequest', 'rssMaxMb'])
        expect(row.api?.[figure], `${row.name} API ${figure}`).toSatisfy(Number.isFinite);
      expect((row.api?.errors ?? NaN) + (row.api?.non2xx ?? NaN), row.name).toBe(0);
      if (!readPaths.includes(row.name)) continue;
      for (const figure of ['rps', 'p50', 'p99', 'cpuMsPerRequest']) expect(row.bare?.[figure], `${row.name} bare ${figure}`).toSatisfy(Number.isFinite);
      expect(row.turnRatios, row.name).toHaveLength(1);
      expect(row.turnRatios![0], row.name).toSatisfy(Number.isFinite);
    }
    expect(report.chunked?.rps).toSatisfy(Number.isFinite);
    expect(report.sse?.p99).toSatisfy(Number.isFinite);
    expect(report.globalQuestion?.seconds).toSatisfy(Number.isFinite);
    expect(await leftBehind()).toEqual({ sessions: 0, questions: 0 });
  }, 300_000);
});
