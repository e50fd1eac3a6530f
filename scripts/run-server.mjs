// How the compiled server is started, by `npm start` and by everything that starts it as
// `npm start` does (the e2e suite, the benchmark, Lighthouse, the crash test): one place for
// the process's memory settings (decision 191).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry } from './build-server.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * V8's heap, sized for a small server. A young generation of 2 × 8 MB instead of 2 × 16 MB,
 * and an old generation capped at 1 GB, which is also what makes V8 grow it in smaller steps
 * between collections (with Node's default cap, 4 GB on a large machine, it let 50 MB of
 * live objects sit in 140 MB). Measured at the same throughput (docs/benchmarks.md).
 */
const heapFlags = ['--max-semi-space-size=8', '--max-old-space-size=1024'];

/**
 * glibc: a fixed threshold above which memory is taken from and given back to the system
 * directly. Left to itself, glibc raises the threshold after the first large blocks are freed,
 * and the ~50 MB that compiling PGlite's WebAssembly borrowed stayed in the process for good.
 * 32 KB rather than glibc's starting 128 KB: V8's compiler threads allocate many blocks between
 * the two, and freed ones stayed in the threads' arenas, 30–50 MB of them (decision 195).
 * Ignored by other C libraries.
 */
const mallocEnv = { MALLOC_MMAP_THRESHOLD_: '32768' };

/** The node flags and environment the server runs with; an operator's own NODE_OPTIONS or MALLOC_ setting wins. */
export function serverProcessSettings(env = process.env) {
  // node accepts --max_old_space_size as well as --max-old-space-size
  const nodeOptions = (env.NODE_OPTIONS ?? '').replaceAll('_', '-');
  const nodeArgs = heapFlags.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
  return { nodeArgs, env: { ...mallocEnv, ...env } };
}

/**
 * Spawns the compiled server (packages/server/dist/main.js) with `env`; `nodeArgs` come before ours
 * (e.g. --cpu-prof). `checkout`: another checkout's compiled server instead (the benchmark's A/B).
 */
export function spawnServer(env, { nodeArgs = [], stdio = 'inherit', checkout = root } = {}) {
  const settings = serverProcessSettings(env);
  const entry = checkout === root ? serverEntry : path.join(checkout, 'packages/server/dist/main.js');
  return spawn(process.execPath, [...nodeArgs, ...settings.nodeArgs, entry], { cwd: checkout, env: settings.env, stdio });
}
