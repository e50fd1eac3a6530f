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
  /** requests a second of each slice, in the order taken: the spread between turns */
  sliceRps: number[];
}

/** What one connection keeps between its requests (autocannon's per-connection context). */
export type ConnectionContext = Record<string, unknown>;
/** One step of a sequence: the next request, given its connection's context (a later step may need what an earlier one chose). */
export type Step = (context: ConnectionContext) => HttpRequest;

/** What autocannon answers for a run with `skipAggregateResult`: counts, and histograms to merge. */
interface RawResult {
  totalCompletedRequests: number;
  /** seconds */
  duration: number;
}
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(results: RawResult[], options: { url: string; connections: number }): autocannon.Result;
};

interface Slice {
  result: RawResult;
  cpuMs: number;
  rssMaxMb: number;
}

/**
 * Drives the server over real HTTP with autocannon: `connections` keep-alive connections, each
 * sending its next request as soon as the previous answer arrived. `sequence` lists the requests
 * one connection sends in turn (e.g. like then unlike); each call of a step's function picks that
 * step's next subject, and may leave in its connection's context what a later step needs.
 *
 * The load is measured in slices, so that another measurement can run between them and see the
 * same drift of a shared machine (A, B, A, B…): `warm` sends load that is not counted, each
 * `slice` adds its requests, latencies, server CPU time and memory to the result.
 */
export class HttpLoad {
  private readonly slices: Slice[] = [];

  constructor(
    private readonly sequence: Step[],
    private readonly connections: number,
  ) {}

  private async run(server: RunningServer, seconds: number): Promise<RawResult> {
    const result = await autocannon({
      url: server.url,
      connections: this.connections,
      duration: seconds,
      // the slices' latency histograms are merged by aggregateResult in `result`
      skipAggregateResult: true,
      requests: this.sequence.map((next) => ({
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
    return result as unknown as RawResult;
  }

  /** Load that is not counted: whatever a running server keeps warm (JIT, caches, prepared statements) is warm after it. */
  async warm(server: RunningServer, seconds: number): Promise<void> {
    if (seconds > 0) await this.run(server, seconds);
  }

  async slice(server: RunningServer, seconds: number): Promise<void> {
    const stopRss = sampleMax(() => server.rssMb());
    const cpuBefore = server.cpuMs();
    const result = await this.run(server, seconds);
    this.slices.push({ result, cpuMs: server.cpuMs() - cpuBefore, rssMaxMb: stopRss() });
  }

  /** The slices so far as one run; the heap is read from `server` now (right after the last slice). */
  async result(server: RunningServer): Promise<LoadResult> {
    const merged = aggregateResult(
      this.slices.map((s) => s.result),
      { url: server.url, connections: this.connections },
    );
    const requests = this.slices.reduce((n, s) => n + s.result.totalCompletedRequests, 0);
    const seconds = this.slices.reduce((n, s) => n + s.result.duration, 0);
    const cpuMs = this.slices.reduce((n, s) => n + s.cpuMs, 0);
    return {
      rps: requests / seconds,
      p50: merged.latency.p50,
      p99: merged.latency.p99,
      requests,
      errors: merged.errors + merged.timeouts,
      non2xx: merged.non2xx,
      rssMaxMb: Math.max(...this.slices.map((s) => s.rssMaxMb)),
      heapAfter: await server.heap(),
      cpuMsPerRequest: cpuMs / Math.max(1, requests),
      sliceRps: this.slices.map((s) => s.result.totalCompletedRequests / s.result.duration),
    };
  }
}

/** One measured run of `seconds` after a warm-up of `warmup` seconds that is not counted. */
export async function httpLoad(
  server: RunningServer,
  sequence: Step[],
  options: { connections: number; seconds: number; warmup: number },
): Promise<LoadResult> {
  const load = new HttpLoad(sequence, options.connections);
  await load.warm(server, options.warmup);
  await load.slice(server, options.seconds);
  return load.result(server);
}

/** Cycles through a list: each call returns the next item. */
export function cycle<T>(items: T[]): () => T {
  if (items.length === 0) throw new Error('nothing to cycle through');
  let i = 0;
  return () => items[i++ % items.length]!;
}
