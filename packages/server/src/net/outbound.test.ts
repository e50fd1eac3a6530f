import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentLoaderVia } from '../federation/fedify/documentLoaders.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { OutboundClient, OutboundLimitError, type OutboundNetwork } from './outbound.js';
import { OutboundAddressError } from './outboundAddress.js';
import { testFederation } from '../test/federatedApp.js';

/**
 * The one outgoing-request path against a server that tries to turn it inward. A local https
 * server stands in for a public host (its name resolved by a DNS faked in-process) and redirects,
 * or points by `Link` and HTML `alternate`, to every inward address form; a listening socket on
 * loopback records every connection that reaches it: none may.
 */
const standInKey = fs.readFileSync(new URL('../test/tls/standin.key', import.meta.url));
const standInCert = fs.readFileSync(new URL('../test/tls/standin.crt', import.meta.url));

let trap: net.Server;
let trapPort: number;
const trapped: string[] = [];
let standIn: https.Server;
let standInPort: number;
const standInPaths: string[] = [];
const lookups: string[] = [];
const servedOn = new WeakSet<object>();
let network: OutboundNetwork;
let client: OutboundClient;

const ACTOR = { '@context': 'https://www.w3.org/ns/activitystreams', id: 'https://social.example.test/users/bob', type: 'Person' };

beforeAll(async () => {
  trap = net.createServer((socket) => {
    trapped.push(`${socket.remoteAddress}`);
    socket.destroy();
  });
  // dual stack when the machine has IPv6: IPv4 and IPv6 loopback both land here
  await new Promise<void>((resolve) => trap.listen({ port: 0, host: '::' }, resolve).on('error', () => trap.listen(0, '0.0.0.0', resolve)));
  trapPort = (trap.address() as AddressInfo).port;

  standIn = https.createServer({ key: standInKey, cert: standInCert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://social.example.test');
    standInPaths.push(url.pathname);
    const to = url.searchParams.get('to') ?? '';
    const status = Number(url.searchParams.get('status') ?? 302);
    if (url.pathname === '/go') res.writeHead(status, { location: to }).end();
    else if (url.pathname === '/link')
      res.writeHead(200, { 'content-type': 'text/plain', link: `<${to}>; rel="alternate"; type="application/activity+json"` }).end('see the link');
    else if (url.pathname === '/html')
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><link rel="alternate" type="application/activity+json" href="${to}"></html>`);
    else if (url.pathname.startsWith('/chain/')) res.writeHead(302, { location: `/chain/${Number(url.pathname.slice(7)) + 1}` }).end();
    else if (url.pathname === '/big') res.writeHead(200, { 'content-type': 'application/activity+json' }).end('x'.repeat(2 * 1024 * 1024));
    else if (url.pathname === '/slow') setTimeout(() => res.end('{}'), 3000);
    // a server closing a kept-alive connection just as a request arrives on it, or every connection
    else if ((url.pathname === '/drops-reused' && servedOn.has(req.socket)) || url.pathname === '/drops-all') req.socket.destroy();
    else res.writeHead(200, { 'content-type': 'application/activity+json' }).end(JSON.stringify(ACTOR));
    servedOn.add(req.socket);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInPort = (standIn.address() as AddressInfo).port;

  const fakeDns: Record<string, string[]> = {
    'social.example.test': ['127.0.0.1'],
    'inward.example.test': ['127.0.0.1'],
    'private.example.test': ['10.0.0.1'],
    'mixed.example.test': ['93.184.216.34', '127.0.0.1'],
    'mapped.example.test': ['::ffff:127.0.0.1'],
    localhost: ['127.0.0.1'],
  };
  network = {
    resolve: async (host) => {
      lookups.push(host);
      const addresses = fakeDns[host];
      if (!addresses) throw new Error(`ENOTFOUND ${host}`);
      return addresses;
    },
    ca: standInCert,
    // the stand-in, and only its port, counts as a public server
    standIns: [`127.0.0.1:${standInPort}`],
  };
  client = new OutboundClient({}, network);
});
afterAll(async () => {
  client.close();
  await new Promise((resolve) => trap.close(resolve));
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});
beforeEach(() => {
  trapped.length = 0;
  standInPaths.length = 0;
  lookups.length = 0;
});

const publicHost = () => `https://social.example.test:${standInPort}`;
const inwardForms = () => {
  const p = trapPort;
  return [
    `http://127.0.0.1:${p}/`,
    `https://127.0.0.1:${p}/`,
    `https://127.1:${p}/`,
    `https://2130706433:${p}/`,
    `https://0x7f.0.0.1:${p}/`,
    `https://0177.0.0.1:${p}/`,
    `https://0.0.0.0:${p}/`,
    `https://[::1]:${p}/`,
    `https://[::]:${p}/`,
    `https://[::ffff:7f00:1]:${p}/`,
    `https://[::ffff:127.0.0.1]:${p}/`,
    `https://[0:0:0:0:0:ffff:7f00:1]:${p}/`,
    `https://[::ffff:0:7f00:1]:${p}/`,
    `https://[::7f00:1]:${p}/`,
    `https://[2002:7f00:1::]:${p}/`,
    `https://[64:ff9b::7f00:1]:${p}/`,
    `https://[64:ff9b:1::7f00:1]:${p}/`,
    `https://10.0.0.1:${p}/`,
    `https://100.64.0.1:${p}/`,
    `https://169.254.169.254/latest/meta-data/`,
    `https://192.168.1.1:${p}/`,
    `https://[fe80::1]:${p}/`,
    `https://[fc00::1]:${p}/`,
    `https://[fd00::1]:${p}/`,
    `https://224.0.0.1:${p}/`,
    `https://[ff02::1]:${p}/`,
    `https://localhost:${p}/`,
    `https://inward.example.test:${p}/`,
    `https://mapped.example.test:${p}/`,
    `https://private.example.test:${p}/`,
    `https://mixed.example.test:${p}/`,
    `https://user:secret@social.example.test:${standInPort}/doc`,
  ];
};

describe('the outgoing-request path', () => {
  it('has a trap that records connections (the proof below counts on it)', async () => {
    await new Promise<void>((resolve) =>
      net
        .connect(trapPort, '127.0.0.1')
        .on('close', () => resolve())
        .on('error', () => resolve()),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trapped).toHaveLength(1);
  });

  // social.example.test exists only in the faked DNS: had Node looked the name up again to connect,
  // the connection would have failed, so a success here is a connection to the judged address
  it('fetches from the stand-in, one look-up per hop, connected to the address it judged', async () => {
    const response = await client.request(`${publicHost()}/go?to=${encodeURIComponent(`${publicHost()}/doc`)}`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual(ACTOR);
    expect(response.redirects).toBe(1);
    expect(lookups).toEqual(['social.example.test', 'social.example.test']);
  });

  it('follows no redirect, Link or HTML alternate to any inward address form: no connection reaches them', async () => {
    const load = documentLoaderVia(client, 'Askbox test');
    const escaped: string[] = [];
    for (const target of inwardForms()) {
      const to = encodeURIComponent(target);
      for (const path of [
        `/go?to=${to}`,
        `/go?status=301&to=${to}`,
        `/go?status=307&to=${to}`,
        `/go?status=308&to=${to}`,
        `/link?to=${to}`,
        `/html?to=${to}`,
      ]) {
        const outcome = await load(`${publicHost()}${path}`).then(
          () => 'loaded',
          (error: Error) => error,
        );
        if (!(outcome instanceof OutboundAddressError)) escaped.push(`${path} → ${String(outcome)}`);
      }
    }
    expect(escaped).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trapped).toEqual([]);
    // every first hop did reach the stand-in
    expect(standInPaths).toHaveLength(inwardForms().length * 6);
  });

  it('refuses the inward forms as first hops too, and plain http', async () => {
    for (const target of inwardForms()) await expect(client.request(target), target).rejects.toBeInstanceOf(OutboundAddressError);
    await expect(client.request(`http://social.example.test:${standInPort}/doc`)).rejects.toThrow(/Only https/);
    expect(trapped).toEqual([]);
  });

  it('bounds hops, bytes and time', async () => {
    await expect(client.request(`${publicHost()}/chain/0`)).rejects.toThrow(OutboundLimitError);
    expect(standInPaths).toEqual(['/chain/0', '/chain/1', '/chain/2', '/chain/3', '/chain/4', '/chain/5']);
    await expect(client.request(`${publicHost()}/big`)).rejects.toThrow(/larger than/);
    await expect(client.request(`${publicHost()}/slow`, { timeoutMs: 300 })).rejects.toThrow(/in time/);
    // a DNS that never answers counts against the time limit too
    const stuck = new OutboundClient({}, { ...network, resolve: () => new Promise<string[]>(() => undefined) });
    await expect(stuck.request(`${publicHost()}/doc`, { timeoutMs: 300 })).rejects.toThrow(/in time/);
    stuck.close();
  });

  it('sends a request again on a new connection when a kept-alive one is dropped before answering, and only then', async () => {
    const own = new OutboundClient({}, network); // a pool of its own: one kept-alive connection
    try {
      const post = { method: 'POST' as const, body: JSON.stringify({ type: 'Like' }) };
      expect((await own.request(`${publicHost()}/drops-reused`, post)).status).toBe(200);
      expect((await own.request(`${publicHost()}/drops-reused`, post)).status).toBe(200);
      expect(standInPaths).toEqual(['/drops-reused', '/drops-reused', '/drops-reused']);
      standInPaths.length = 0;
      // a new connection dropped is the answer: no second try
      const fresh = new OutboundClient({}, network);
      try {
        await expect(fresh.request(`${publicHost()}/drops-all`, post)).rejects.toThrow(/socket hang up|ECONNRESET/);
        expect(standInPaths).toEqual(['/drops-all']);
      } finally {
        fresh.close();
      }
    } finally {
      own.close();
    }
  });
});

describe('an unauthenticated inbox POST whose keyId redirects inward', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { publicUrl: 'https://askbox.example', federation: { ...testFederation, maxAttempts: 3, allowPrivateAddresses: false } },
      { outboundNetwork: network },
    );
  });
  afterAll(() => t.close());

  it('is refused without Askbox ever connecting to the internal address', async () => {
    for (const target of inwardForms()) {
      const keyId = `${publicHost()}/go?to=${encodeURIComponent(target)}`;
      const body = JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        type: 'Follow',
        actor: keyId,
        object: 'https://askbox.example/ap/actors/x',
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/ap/inbox',
        headers: {
          host: 'askbox.example',
          date: new Date().toUTCString(),
          'content-type': 'application/activity+json',
          digest: `SHA-256=${crypto.createHash('sha256').update(body).digest('base64')}`,
          signature: `keyId="${keyId}",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${Buffer.from('x').toString('base64')}"`,
        },
        payload: body,
      });
      expect(response.statusCode, target).toBe(401);
    }
    expect(standInPaths.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trapped).toEqual([]);
  });
});
