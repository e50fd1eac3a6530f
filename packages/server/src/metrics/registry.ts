import client from 'prom-client';
import type { Database } from '../db/open.js';

/** What a queue of outgoing work (push today; email, deliveries) reports at each scrape. */
export interface OutboxCounts {
  /** rows waiting to be sent (including those waiting for a retry) */
  pending: number;
  /** rows whose last attempt failed and that will be tried again */
  retrying: number;
  /** rows given up on after the last attempt */
  failed: number;
}

/**
 * The server's Prometheus metrics, one registry per app (tests build many apps in one process):
 * Node's defaults (event-loop lag, memory, CPU, GC), request counts and latency per route pattern,
 * the database pool, open live-event streams and outbox queues.
 */
export class Metrics {
  readonly registry = new client.Registry();
  /** the separate metrics port when METRICS_PORT is set (its real number when 0 was asked) */
  port: number | null = null;
  private readonly requests: client.Histogram<'method' | 'route' | 'status_code'>;
  private readonly outboxes = new Map<string, () => Promise<OutboxCounts>>();

  /** `requestsWaiting`: the admission queue's length, where requests are admitted one a turn (decision 194) */
  constructor(database: Database, liveStreams: () => number, requestsWaiting: (() => number) | null = null) {
    client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new client.Histogram({
      name: 'askbox_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status: count and latency (live-event streams excluded)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    new client.Gauge({
      name: 'askbox_sse_connections',
      help: 'Open live-event streams (GET /api/events) on this instance',
      registers: [this.registry],
      collect() {
        this.set(liveStreams());
      },
    });
    if (requestsWaiting) {
      new client.Gauge({
        name: 'askbox_http_requests_waiting',
        help: 'Requests read and waiting for their turn (embedded database: admitted one per event-loop turn, first come first served)',
        registers: [this.registry],
        collect() {
          this.set(requestsWaiting());
        },
      });
    }
    if (database.kind === 'postgres') {
      // two pools: 'queries' (transactions, the query builder) and 'statements' (prepared statements, decision 186)
      const pools = { queries: database.pool, statements: database.statementPool };
      new client.Gauge({
        name: 'askbox_db_pool_connections',
        help: 'PostgreSQL pool connections of this instance: total open, idle, and requests waiting for one, per pool',
        labelNames: ['state', 'pool'],
        registers: [this.registry],
        collect() {
          for (const [name, pool] of Object.entries(pools)) {
            this.set({ state: 'total', pool: name }, pool.totalCount);
            this.set({ state: 'idle', pool: name }, pool.idleCount);
            this.set({ state: 'waiting', pool: name }, pool.waitingCount);
          }
        },
      });
      const max = new client.Gauge({
        name: 'askbox_db_pool_max',
        help: 'Pool size limit of this instance, per pool',
        labelNames: ['pool'],
        registers: [this.registry],
      });
      for (const [name, pool] of Object.entries(pools)) max.set({ pool: name }, pool.options.max ?? 10);
    }
    const outboxes = this.outboxes;
    new client.Gauge({
      name: 'askbox_outbox_rows',
      help: 'Rows of each outbox queue (shared by all instances): pending, retrying after a failure, failed for good',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, read] of outboxes) {
          const counts = await read();
          for (const state of ['pending', 'retrying', 'failed'] as const) this.set({ queue, state }, counts[state]);
        }
      },
    });
  }

  /** Adds an outbox queue to the scrape: one line per worker (push here; email and deliveries likewise). */
  addOutbox(name: string, read: () => Promise<OutboxCounts>): void {
    this.outboxes.set(name, read);
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
