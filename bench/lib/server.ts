import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuildIsStale } from '../../scripts/build-server.mjs';
import { spawnServer } from '../../scripts/run-server.mjs';
import { tracked } from './children.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerOptions {
  /** DATABASE_URL or DATA_DIR: exactly one */
  databaseUrl?: string;
  dataDir?: string;
  logLevel: string;
  /** write a V8 CPU profile into this folder when the server exits */
  cpuProfDir?: string;
  /** run another checkout's compiled server (built there first with `npm run build`) */
  checkout?: string;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** current resident set size of the server process, in MB */
  rssMb(): number;
  /** what the server's own /metrics says of its memory: V8's heap (used, and taken from the system) and memory outside it, in MB */
  heap(): Promise<HeapReading>;
  /** CPU time the server process has used so far (user + system), in ms: unlike throughput, hardly moved by other work on the machine */
  cpuMs(): number;
  stop(): Promise<void>;
}

export interface HeapReading {
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server the way `npm start` does (the compiled server, packages/server/dist/main.js,
 * compiled first when its sources changed; migrations at start-up), API only, with rate limits
 * out of the way of the load.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const metricsToken = crypto.randomBytes(16).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: options.logLevel,
    WEB_DIST_DIR: path.join(root, 'bench/.no-web-build'),
    QUESTION_RATE_LIMIT: '1000000000',
    LOGIN_RATE_LIMIT: '1000000000',
    SIGNUP_RATE_LIMIT: '1000000000',
    SIGNUP_CHALLENGE: 'off', // the bench signs up through the API, with no browser to solve the proof of work
    METRICS_TOKEN: metricsToken,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.METRICS_PORT; // /metrics on the app's port, behind our token
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.checkout) {
    if (!fs.existsSync(path.join(options.checkout, 'packages/server/dist/main.js')))
      throw new Error(`${options.checkout} has no compiled server: run npm run build there`);
  } else if (serverBuildIsStale()) await buildServer();
  const nodeArgs = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const child: ChildProcess = tracked(spawnServer(env, { nodeArgs, stdio: ['ignore', 'ignore', 'pipe'], checkout: options.checkout }));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${stderr}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within 2 minutes:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    rssMb() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return NaN;
      }
    },
    async heap() {
      const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
      return { heapUsedMb: mb('nodejs_heap_size_used_bytes'), heapTotalMb: mb('nodejs_heap_size_total_bytes'), externalMb: mb('nodejs_external_memory_bytes') };
    },
    cpuMs() {
      try {
        // fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime and stime, in clock ticks of 10 ms
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        return NaN;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/** Samples a value every `everyMs` until stopped; returns the highest seen. */
export function sampleMax(read: () => number, everyMs = 250): () => number {
  let max = read();
  const timer = setInterval(() => {
    const value = read();
    if (value > max) max = value;
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(max, read());
  };
}
