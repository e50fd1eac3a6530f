/**
 * The bare side of a PGlite turn in a process of its own, started for the turn, as the server is:
 * a cold start on both sides of the ratio. In the benchmark's own process the engine's WebAssembly
 * and the driver's code would already be compiled and optimised by the turns before.
 *   node --import tsx bench/lib/bareProcess.ts JOB.json  → the slices as JSON on stdout
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BareSlice } from './bare.js';
import { tracked } from './children.js';
import type { ReadPath } from './paths.js';

export interface BareJob {
  dataDir: string;
  connections: number;
  slice: number;
  warmup: number;
  /** the paths in the order their slices are taken */
  paths: Pick<ReadPath, 'name' | 'requests'>[];
}

const here = fileURLToPath(import.meta.url);

/** Runs `job` in a new process; its slices by path name. */
export async function bareTurnInProcess(job: BareJob, jobFile: string): Promise<Map<string, BareSlice>> {
  fs.writeFileSync(jobFile, JSON.stringify(job));
  const child = tracked(
    spawn(process.execPath, ['--import', 'tsx', here, jobFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: path.resolve(path.dirname(here), '../..'),
    }),
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the bare replay's process exited with ${code}`);
  return new Map(Object.entries(JSON.parse(stdout) as Record<string, BareSlice>));
}

async function main(jobFile: string): Promise<void> {
  const { openDatabase } = await import('../../packages/server/src/db/open.js');
  const { preparedReplay } = await import('./bare.js');
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as BareJob;
  // the server's buffer pool (PGLITE_SHARED_BUFFERS, 32MB unless set: config.ts), not PostgreSQL's 128MB
  const database = await openDatabase({ dataDir: job.dataDir, pgliteSharedBuffers: process.env.PGLITE_SHARED_BUFFERS ?? '32MB' });
  const slices: Record<string, BareSlice> = {};
  try {
    for (const p of job.paths) {
      const requests = p.requests as ReadPath['requests'];
      if (job.warmup > 0) await preparedReplay(database, requests, { connections: job.connections, seconds: job.warmup });
      slices[p.name] = await preparedReplay(database, requests, { connections: job.connections, seconds: job.slice });
    }
  } finally {
    await database.close();
  }
  process.stdout.write(JSON.stringify(slices));
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) await main(process.argv[2]!);
