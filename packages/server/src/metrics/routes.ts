import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyRequest } from 'fastify';
import { sendError } from '../http/errors.js';
import type { AppInstance } from '../http/types.js';
import type { Metrics } from './registry.js';

export interface MetricsSettings {
  /** GET /metrics on the app's port needs `Authorization: Bearer <token>` */
  token?: string;
  /** serve the metrics on their own port instead (not reachable through the app's port at all) */
  port?: number;
  host: string;
}

export interface MetricsListener {
  /** the separate metrics port, when there is one */
  port: number | null;
  close(): Promise<void>;
}

/** The route pattern, never the raw URL: /api/users/:username, not one series per user. */
function routeOf(request: FastifyRequest, statusCode: number): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  if (pattern === '/*') return statusCode === 404 ? 'unmatched' : 'page';
  if (pattern.startsWith('/api/') || pattern === '/healthz' || pattern === '/readyz' || pattern === '/metrics' || pattern.startsWith('/media/')) return pattern;
  return 'static';
}

const sameSecret = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

function authorised(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return Boolean(match && sameSecret(match[1]!, token));
}

/**
 * Records every request and exposes the registry: off unless configured (decision 146). With
 * METRICS_PORT, on a separate listener (bound like the app); else with METRICS_TOKEN, as
 * GET /metrics behind a bearer token.
 */
export async function installMetrics(app: AppInstance, metrics: Metrics, settings: MetricsSettings): Promise<MetricsListener> {
  app.addHook('onResponse', (request, reply, done) => {
    // a live-event stream's "duration" is its whole connection: counted by askbox_sse_connections instead
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
      metrics.observeRequest(request.method, routeOf(request, reply.statusCode), reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });

  if (settings.port !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
      if (!authorised(req.headers.authorization, settings.token)) return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => resolve());
    });
    const port = (server.address() as { port: number }).port;
    app.log.info(`metrics at http://${settings.host}:${port}/metrics`);
    return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  if (settings.token) {
    const token = settings.token;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request.headers.authorization, token)) {
        return sendError(reply.header('www-authenticate', 'Bearer'), 'metrics_token_required');
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    });
  }
  return { port: null, close: async () => {} };
}
