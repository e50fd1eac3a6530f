import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntry } from '../scripts/build-server.mjs';
import { spawnServer } from '../scripts/run-server.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer ${url}/healthz within ${timeoutMs} ms`);
}

export interface RunningApp {
  baseURL: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * The built app on a free port with a new, empty DATA_DIR (embedded database). `prepare` runs
 * before the server starts (the CLI cannot open the database while the server holds it).
 */
export async function startApp(extraEnv: NodeJS.ProcessEnv = {}, prepare?: (env: NodeJS.ProcessEnv) => void | Promise<void>): Promise<RunningApp> {
  // the app as `npm start` runs it: the built web app and the compiled server
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html')) || !fs.existsSync(serverEntry)) throw new Error('Build the app first: npm run build');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SIGNUP_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    LOGIN_ACCOUNT_RATE_LIMIT: '10000',
    // push.example.test does not resolve here: the test switch skips the address check
    PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
    QUESTION_RATE_LIMIT: '10000',
    // people without an account may ask whoever opts in (e2e/visitor-questions.spec.ts); nobody else changes
    VISITOR_QUESTIONS: 'on',
    ...extraEnv,
  };
  await prepare?.(env);
  const child = spawnServer(env, { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForHealth(baseURL, child);
  return {
    baseURL,
    dataDir,
    env,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
