import autocannon from 'autocannon';
import { sampleMax, type HeapReading, type RunningServer } from './server.js';

/** One HTTP request of a scenario; `next` gives each request its own viewer, URL and body. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  cookie: string;
  body?: unknown;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  rssMaxMb: number;
  /** the server's heap right after the run (before any idle collection) */
  heapAfter: HeapReading;
  /** the server's CPU time per request during the measured run (ms) */
  cpuMsPerRequest: number;
}

/** What one connection keeps between its requests (autocannon's per-connection context). */
export type ConnectionContext = Record<string, unknown>;
/** One step of a sequence: the next request, given its connection's context (a later step may need what an earlier one chose). */
export type Step = (context: ConnectionContext) => HttpRequest;

/**
 * Drives the server over real HTTP with autocannon: `connections` keep-alive connections, each
 * sending its next request as soon as the previous answer arrived, for `seconds` (after a
 * warm-up of `warmup` seconds that is not counted). `sequence` lists the requests one connection
 * sends in turn (e.g. like then unlike); each call of a step's function picks that step's next
 * subject, and may leave in its connection's context what a later step needs.
 */
export async function httpLoad(
  server: RunningServer,
  sequence: Step[],
  options: { connections: number; seconds: number; warmup: number },
): Promise<LoadResult> {
  const run = (seconds: number) =>
    autocannon({
      url: server.url,
      connections: options.connections,
      duration: seconds,
      requests: sequence.map((next) => ({
        method: 'GET' as const,
        setupRequest: (request: autocannon.Request, context: object) => {
          const r = next(context as ConnectionContext);
          return {
            ...request,
            method: r.method,
            path: r.path,
            headers: { ...request.headers, cookie: r.cookie, ...(r.body ? { 'content-type': 'application/json' } : {}) },
            body: r.body ? JSON.stringify(r.body) : undefined,
          };
        },
      })),
    });
  if (options.warmup > 0) await run(options.warmup);
  const stopRss = sampleMax(() => server.rssMb());
  const cpuBefore = server.cpuMs();
  const result = await run(options.seconds);
  const cpuMs = server.cpuMs() - cpuBefore;
  const rssMaxMb = stopRss();
  const heapAfter = await server.heap();
  return {
    rps: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMaxMb,
    heapAfter,
    cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
  };
}

/** Cycles through a list: each call returns the next item. */
export function cycle<T>(items: T[]): () => T {
  if (items.length === 0) throw new Error('nothing to cycle through');
  let i = 0;
  return () => items[i++ % items.length]!;
}
