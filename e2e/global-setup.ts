import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startMailCapture } from '../packages/server/src/test/mailCapture';
import { createAdminWithCli } from './admin-setup';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
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

/** Starts the built app on a free port with a temporary DATA_DIR; the tests read E2E_BASE_URL. */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  // a real SMTP server that keeps what the app sends, one JSON file per email (e2e/mail.ts reads them)
  const mailDir = path.join(dataDir, 'mail');
  const mail = await startMailCapture({ dir: mailDir });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SIGNUP_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    QUESTION_RATE_LIMIT: '10000',
    E2E_DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    EMAIL_POLL_MS: '300',
  };
  createAdminWithCli(root, env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, child);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
