/**
 * `npm run lighthouse`: Lighthouse (mobile preset, the npm package with Debian's Chromium) on
 * /onboarding, /home, a profile and a shared answer (signed out) of the BUILT app (run `npm run build` first). Starts the app on
 * a free port with a throw-away DATA_DIR, makes two users (one follows the other, who has answers),
 * and writes lighthouse-report/<page>.report.html and .json (not kept in git: a run's full reports),
 * and the scores of every page to docs/benchmarks/lighthouse.json (kept: the latest run's summary,
 * decision 230), then prints the four scores per page: of the median of `--runs` runs (3) by performance.
 * Scores depend on the machine: on a busy one, performance reads low (docs/benchmarks.md).
 *
 *   npm run build && npm run lighthouse [-- --out DIR] [-- --summary FILE] [-- --runs N] [-- --pages home,shared-answer]
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serverEntry } from './build-server.mjs';
import { spawnServer } from './run-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(root, 'lighthouse-report') },
    summary: { type: 'string', default: path.join(root, 'docs/benchmarks/lighthouse.json') },
    runs: { type: 'string', default: '3' },
    // some of the pages only (by name: onboarding, home, profile, shared-answer), to compare one change quickly
    pages: { type: 'string' },
  },
});

if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html')) || !fs.existsSync(serverEntry)) throw new Error('Build the app first: npm run build');

const port = await new Promise((resolve, reject) => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
  server.on('error', reject);
});
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-lighthouse-'));
const app = spawnServer(
  {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SIGNUP_CHALLENGE: 'off',
  },
  { stdio: ['ignore', 'inherit', 'inherit'] },
);

async function waitForHealth() {
  for (let i = 0; i < 720; i++) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not start');
}

/** Signs up through the API; returns the session cookie. */
async function signUp(username, fullname) {
  const body = { email: `${username}@example.test`, username, fullname, password: 'lighthouse pass', repeatPassword: 'lighthouse pass' };
  const res = await fetch(`${baseURL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(cookie, method, url, data) {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { cookie, origin: baseURL, ...(data ? { 'content-type': 'application/json' } : {}) },
    body: data ? JSON.stringify(data) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

let chrome;
try {
  await waitForHealth();
  const viewer = await signUp('lh_viewer', 'Lena Viewer');
  const author = await signUp('lh_author', 'Aki Author');
  let sharedAnswerId;
  for (let i = 1; i <= 8; i++) {
    const { id } = await call(author, 'POST', '/api/users/lh_author/questions', {
      text: `What is your favourite thing number ${i}?`,
      isAnonymous: i % 2 === 0,
    });
    await call(author, 'POST', `/api/questions/${id}/answer`, { answer: `Answer number ${i}: probably a long walk by the sea.` });
    sharedAnswerId ??= id;
  }
  // a shared answer is opened by someone signed out, from a public profile
  await call(author, 'PATCH', '/api/me/settings', { publicProfile: true });
  await call(viewer, 'POST', '/api/users/lh_author/follow');

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  fs.mkdirSync(options.out, { recursive: true });
  const pages = [
    { name: 'onboarding', url: '/onboarding', cookie: null },
    { name: 'home', url: '/home', cookie: viewer },
    { name: 'profile', url: '/u/lh_author', cookie: viewer },
    { name: 'shared-answer', url: `/u/lh_author/answers/${sharedAnswerId}`, cookie: null },
  ];
  const summary = [];
  const wanted = options.pages?.split(',');
  for (const page of pages.filter((p) => !wanted || wanted.includes(p.name))) {
    // the default config is the mobile preset (Moto G Power, simulated slow 4G and 4× CPU); one run
    // swings with the machine's load, so each page runs `--runs` times and the median run is kept
    const runs = [];
    for (let i = 0; i < Number(options.runs); i++) {
      runs.push(
        await lighthouse(`${baseURL}${page.url}`, {
          port: chrome.port,
          output: ['html', 'json'],
          logLevel: 'error',
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        }),
      );
    }
    runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const result = runs[Math.floor(runs.length / 2)];
    const [html, json] = result.report;
    fs.writeFileSync(path.join(options.out, `${page.name}.report.html`), html);
    fs.writeFileSync(path.join(options.out, `${page.name}.report.json`), json);
    const scores = Object.fromEntries(Object.entries(result.lhr.categories).map(([key, c]) => [key, Math.round(c.score * 100)]));
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const performanceOfRuns = runs.map((r) => Math.round(r.lhr.categories.performance.score * 100));
    summary.push({ page: page.url, ...scores, performanceOfRuns, lcpMs: Math.round(result.lhr.audits['largest-contentful-paint'].numericValue), failing });
  }
  fs.writeFileSync(options.summary, `${JSON.stringify({ date: new Date().toISOString(), loadavg: os.loadavg(), pages: summary }, null, 2)}\n`);
  for (const s of summary) console.log(JSON.stringify(s));
} finally {
  await chrome?.kill();
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
