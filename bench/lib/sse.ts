import http from 'node:http';
import type { RunningServer } from './server.js';
import type { Person } from './subjects.js';
import { BENCH_QUESTION_TEXT } from './subjects.js';
import { percentile } from './stats.js';

interface OpenStream {
  waitFor(type: string): Promise<number>;
  close(): void;
}

/** A GET /api/events stream of one follower; resolves waiters with the arrival time of an event. */
function openStream(url: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const waiters: { type: string; resolve: (at: number) => void }[] = [];
    const request = http.get(`${url}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`/api/events answered ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (!event) continue;
          const i = waiters.findIndex((w) => w.type === event);
          if (i >= 0) waiters.splice(i, 1)[0]!.resolve(at);
        }
      });
      resolve({
        waitFor: (type) => new Promise((r) => waiters.push({ type, resolve: r })),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

async function api(server: RunningServer, person: Person, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie: person.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

export interface FanOutResult {
  clients: number;
  answers: number;
  /** answer POST sent → event received, over every client and answer */
  p50: number;
  p99: number;
  /** per answer, the time until the last follower had it */
  lastP50: number;
  rssMaxMb: number;
}

/**
 * The SSE fan-out: `followers` connected to /api/events, `answerer` (whom they all follow)
 * answers a question `answers` times; each time we measure from sending the answer to the
 * 'answer' event at every follower's stream.
 */
export async function sseFanOut(server: RunningServer, answerer: Person, followers: Person[], asker: Person, answers: number): Promise<FanOutResult> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < followers.length; i += 50) {
    streams.push(...(await Promise.all(followers.slice(i, i + 50).map((f) => openStream(server.url, f.cookie)))));
  }
  const latencies: number[] = [];
  const lasts: number[] = [];
  let rssMaxMb = server.rssMb();
  try {
    for (let n = 0; n < answers; n++) {
      const { id } = (await api(server, asker, 'POST', `/api/users/${answerer.username}/questions`, { text: BENCH_QUESTION_TEXT, isAnonymous: true })) as {
        id: string;
      };
      const arrivals = streams.map((s) => s.waitFor('answer'));
      const sent = performance.now();
      await api(server, answerer, 'POST', `/api/questions/${id}/answer`, { answer: 'Benchmark answer' });
      const timeout = new Promise<number[]>((_, reject) => setTimeout(() => reject(new Error('SSE: not every follower got the answer within 30 s')), 30_000));
      const times = await Promise.race([Promise.all(arrivals), timeout]);
      const delays = times.map((t) => t - sent);
      latencies.push(...delays);
      lasts.push(Math.max(...delays));
      rssMaxMb = Math.max(rssMaxMb, server.rssMb());
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    for (const s of streams) s.close();
  }
  latencies.sort((a, b) => a - b);
  lasts.sort((a, b) => a - b);
  return { clients: streams.length, answers, p50: percentile(latencies, 50), p99: percentile(latencies, 99), lastP50: percentile(lasts, 50), rssMaxMb };
}

/** The admin's global question, timed through the API (one INSERT … SELECT for every user). */
export async function timeGlobalQuestion(server: RunningServer, admin: Person): Promise<{ seconds: number; count: number }> {
  const started = performance.now();
  const result = (await api(server, admin, 'POST', '/api/admin/global-question', { text: BENCH_QUESTION_TEXT })) as { count: number };
  return { seconds: (performance.now() - started) / 1000, count: result.count };
}
