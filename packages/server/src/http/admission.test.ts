import { spawn } from 'node:child_process';
import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAdmission, installAdmission } from './admission.js';

describe('admission, one request a turn (decision 194)', () => {
  it('admits in the order requests came, each in a later turn of the loop than the one before', async () => {
    // counts the loop's turns: a setImmediate queued from inside one runs in the next turn
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const admission = createAdmission();
    const admitted: [string, number][] = [];
    const entered = ['a', 'b', 'c'].map((name) => admission.enter().then(() => admitted.push([name, turn])));
    expect(admission.waiting).toBe(3);
    await Promise.all(entered);
    ticking = false;
    expect(admitted.map(([name]) => name)).toEqual(['a', 'b', 'c']);
    const turns = admitted.map(([, at]) => at);
    expect(turns[1]).toBeGreaterThan(turns[0]!);
    expect(turns[2]).toBeGreaterThan(turns[1]!);
    expect(admission.waiting).toBe(0);
  });

  it('polls for I/O between two admissions: what arrived meanwhile is read before the next one runs', async () => {
    const received: string[] = [];
    const server = net.createServer();
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    await new Promise<void>((resolve) => client.once('connect', resolve));
    (await accepted).on('data', () => received.push('data'));
    try {
      const admission = createAdmission();
      const first = admission.enter().then(() => {
        // the first request sends something and runs on without yielding, as on the embedded database
        client.write('x');
        const until = Date.now() + 5;
        while (Date.now() < until);
        received.push('first done');
      });
      const second = admission.enter().then(() => received.push('second admitted'));
      await Promise.all([first, second]);
      expect(received).toEqual(['first done', 'data', 'second admitted']);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not hold the queue for a request that waits on I/O', async () => {
    const admission = createAdmission();
    let release!: () => void;
    const slow = admission.enter().then(() => new Promise<void>((resolve) => (release = resolve)));
    await admission.enter(); // admitted while the first still waits
    release();
    await slow;
  });

  it('over HTTP: a request that arrives while another runs has at most the other connections ahead of it', async () => {
    // a server whose requests hold the thread for 2 ms each, as the embedded database's do
    const app = Fastify();
    installAdmission(app);
    const starts: number[] = [];
    app.get('/work', async () => {
      const startedAt = Number(process.hrtime.bigint() / 1000n);
      starts.push(startedAt);
      const until = performance.now() + 2;
      while (performance.now() < until);
      return { startedAt };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const connections = 6;
    try {
      const port = (app.server.address() as net.AddressInfo).port;
      // the clients live in another process, so their next request is sent while this one is busy
      const requests = await closedLoopClients(port, connections, 40);
      expect(requests).toHaveLength(connections * 40);
      starts.sort((a, b) => a - b);
      // each connection's first two requests are left out: sent while the connections were being
      // accepted and the route compiled
      const servedAhead = requests.filter(({ n }) => n >= 2).map(({ sentAt, startedAt }) => starts.filter((s) => s > sentAt && s < startedAt).length);
      // fair: the other connections' requests at most (5 in every run here; one more is possible
      // when epoll lists a socket it reported before ahead of ours). Without the admission 1–6 %
      // of these waited for a whole second round, with 7–10 served ahead.
      expect(Math.max(...servedAhead)).toBeLessThanOrEqual(connections);
    } finally {
      await app.close();
    }
  });
});

/**
 * `connections` keep-alive connections, each sending its next GET /work when the last answer came;
 * `n` is the request's number on its connection, times in microseconds on the shared monotonic clock.
 */
async function closedLoopClients(port: number, connections: number, perConnection: number): Promise<{ n: number; sentAt: number; startedAt: number }[]> {
  const script = `
    const net = require('node:net');
    const [port, connections, perConnection] = process.argv.slice(1).map(Number);
    const now = () => Number(process.hrtime.bigint() / 1000n);
    const results = [];
    let open = connections;
    for (let c = 0; c < connections; c++) {
      const socket = net.connect(port, '127.0.0.1');
      let buffer = '', sentAt = 0, left = perConnection;
      // the clock is read once the request is in the kernel (a small write on an idle socket is
      // written at once): a client descheduled on a busy machine can only make the count smaller
      const send = () => { socket.write('GET /work HTTP/1.1\\r\\nHost: test\\r\\n\\r\\n'); sentAt = now(); };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buffer += chunk;
        const end = buffer.indexOf('\\r\\n\\r\\n');
        if (end < 0) return;
        const length = Number(/content-length: (\\d+)/i.exec(buffer.slice(0, end))[1]);
        if (buffer.length < end + 4 + length) return;
        results.push({ n: perConnection - left, sentAt, startedAt: JSON.parse(buffer.slice(end + 4, end + 4 + length)).startedAt });
        buffer = buffer.slice(end + 4 + length);
        if (--left > 0) send();
        else { socket.end(); if (--open === 0) process.stdout.write(JSON.stringify(results)); }
      });
    }`;
  const child = spawn(process.execPath, ['-e', script, String(port), String(connections), String(perConnection)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  return JSON.parse(out) as { n: number; sentAt: number; startedAt: number }[];
}
