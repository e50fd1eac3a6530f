import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale } from '../../../../scripts/build-server.mjs';
import { spawnServer } from '../../../../scripts/run-server.mjs';
import { makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { testCertificate, testCertificatePath, testPrivateKey } from '../test/tls.js';

/**
 * Crash: the server on PostgreSQL, under a write load, is killed with SIGKILL and
 * started again. Every write that got a 2xx is there; every push queued before the crash is
 * delivered after the restart, once per device.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `askbox_crash_${crypto.randomBytes(5).toString('hex')}`;
let databaseUrl: string;
let sql: pg.Client;
let pushService: https.Server;
let pushOrigin: string;
const received = new Map<string, number>();

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  pushService = https.createServer({ key: testPrivateKey, cert: testCertificate }, (request, response) => {
    request.resume();
    request.on('end', () => {
      received.set(request.url ?? '', (received.get(request.url ?? '') ?? 0) + 1);
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sql?.end();
  await new Promise((resolve) => pushService.close(resolve));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the real server as `npm start` runs it (compiled) on the crash database; resolves once /healthz answers. */
async function startServer(port: number, pushWorker: boolean): Promise<ChildProcess> {
  if (serverBuildIsStale()) await buildServer();
  const child = spawnServer(
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'fatal',
      WEB_DIST_DIR: '/nonexistent',
      SIGNUP_RATE_LIMIT: '100000',
      // signed up through the API, without a browser to solve the proof of work
      SIGNUP_CHALLENGE: 'off',
      LOGIN_RATE_LIMIT: '100000',
      QUESTION_RATE_LIMIT: '100000',
      PUSH_WORKER: pushWorker ? 'on' : 'off',
      PUSH_POLL_MS: '100',
      PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
      EMAIL_WORKER: 'off',
      FEDERATION: 'off',
      // the local push service's test certificate
      NODE_EXTRA_CA_CERTS: testCertificatePath,
    },
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /healthz');
}

describe('crash recovery', () => {
  it('keeps every acknowledged write through a SIGKILL, and delivers the queued pushes once per device after the restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(port, false);
    const post = (path: string, body: unknown, cookie?: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const signup = async (name: string) => {
      const response = await post('/api/auth/signup', {
        email: `${name}@example.test`,
        username: name,
        fullname: `Person ${name}`,
        password: 'violet tractor 42',
        repeatPassword: 'violet tractor 42',
      });
      expect(response.status).toBe(201);
      return { id: ((await response.json()) as { user: { id: string } }).user.id, cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
    };
    const receiver = await signup('crash_receiver');
    for (const device of ['phone', 'laptop']) {
      const response = await post('/api/push/subscriptions', { endpoint: `${pushOrigin}/${device}`, keys: makeSubscriptionKeys().keys }, receiver.cookie);
      expect(response.status).toBe(204);
    }
    const askers = [];
    for (let i = 0; i < 12; i++) askers.push(await signup(`crash_asker_${i}`));

    // the write load: every asker asks again and again until the server dies under them
    const acknowledged: string[] = [];
    let killed = false;
    const load = askers.map(async (asker, n) => {
      for (let i = 0; !killed; i++) {
        try {
          const response = await post('/api/users/crash_receiver/questions', { text: `Question ${n}.${i}`, isAnonymous: n % 2 === 0 }, asker.cookie);
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          return; // the connection died with the server
        }
      }
    });
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    if (server.exitCode === null && server.signalCode === null) await new Promise((resolve) => server.once('exit', resolve));

    server = await startServer(port, true);
    try {
      sql = new pg.Client({ connectionString: databaseUrl });
      await sql.connect();
      const stored = new Set((await sql.query<{ id: string }>('select id from questions')).rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // every queued push goes out once the restarted worker runs
      let pending = 1;
      for (let i = 0; i < 600 && pending > 0; i++) {
        pending = Number((await sql.query('select count(*) from push_notifications where not sent')).rows[0].count);
        if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pending).toBe(0);
      const queued = Number((await sql.query(`select count(*) from push_notifications where user_id = $1`, [receiver.id])).rows[0].count);
      const deliveries = Number((await sql.query('select count(*) from push_deliveries')).rows[0].count);
      console.log(
        `crash: ${acknowledged.length} acknowledged questions, all present after SIGKILL; ${queued} queued pushes delivered to 2 devices after the restart`,
      );
      expect(queued).toBe(stored.size); // one push per question received
      expect(received.get('/phone')).toBe(queued);
      expect(received.get('/laptop')).toBe(queued);
      expect(deliveries).toBe(queued * 2);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  });
});
