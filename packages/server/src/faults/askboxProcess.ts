import type { ChildProcess } from 'node:child_process';
import { buildServer, serverBuildIsStale } from '../../../../scripts/build-server.mjs';
import { spawnServer } from '../../../../scripts/run-server.mjs';
import { freePort } from './privatePostgres.js';

/** The compiled server in a process of its own, as `npm start` runs it, with what it logged. */
export interface AskboxProcess {
  child: ChildProcess;
  base: string;
  /** its log so far (JSON lines) */
  log(): string;
  /** resolves once /healthz answers; fails if the process exits first */
  healthy(limitMs?: number): Promise<void>;
  /** SIGTERM and wait for the exit */
  stop(): Promise<void>;
}

export async function startAskbox(env: Record<string, string>): Promise<AskboxProcess> {
  if (serverBuildIsStale()) await buildServer();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnServer(
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WEB_DIST_DIR: '/nonexistent',
      SIGNUP_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '100000',
      QUESTION_RATE_LIMIT: '100000',
      FEDERATION: 'off',
      // these tests sign up through the API without a browser to solve the proof of work
      SIGNUP_CHALLENGE: 'off',
      ...env,
    },
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    base,
    log: () => log,
    async healthy(limitMs = 240_000) {
      const start = Date.now();
      while (Date.now() - start < limitMs) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${log.slice(-3000)}`);
        const ok = await fetch(`${base}/healthz`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the server did not answer /healthz:\n${log.slice(-3000)}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** JSON over fetch with a session cookie. */
export function client(base: string, cookie?: string) {
  return (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Signs up through the API; returns the user's id and session cookie. */
export async function signUp(base: string, username: string): Promise<{ id: string; cookie: string }> {
  const response = await client(base)('/api/auth/signup', {
    email: `${username}@example.test`,
    username,
    fullname: `Person ${username}`,
    password: 'violet tractor 42',
    repeatPassword: 'violet tractor 42',
  });
  if (response.status !== 201) throw new Error(`signup ${response.status}: ${await response.text()}`);
  return { id: ((await response.json()) as { user: { id: string } }).user.id, cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (a throw counts as not yet), for at most `limitMs`; the error names `what`. */
export async function until(check: () => Promise<boolean>, what: string, limitMs = 120_000): Promise<void> {
  const start = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - start > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
