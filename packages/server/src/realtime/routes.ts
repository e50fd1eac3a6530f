import type { AppInstance } from '../http/types.js';
import type { ServerContext } from '../context.js';
import { requireViewer } from '../http/viewer.js';

/**
 * GET /api/events: one Server-Sent Events stream per signed-in tab. Events carry no data, only
 * what changed; the browser refetches. A reconnect with Last-Event-ID gets 'resync' because
 * events are not stored (docs/decisions/archive/031-live-events.md); ids count the stream's own events
 * (decision 210).
 */
export async function liveRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  const route = { config: { liveStream: true }, schema: { tags: ['live'], summary: 'Live events (text/event-stream) for the signed-in user' } };
  app.get('/api/events', route, async (request, reply) => {
    const viewer = requireViewer(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const remove = ctx.live.add({ userId: viewer.id, sessionId: request.sessionId ?? '', res }, { resuming: Boolean(request.headers['last-event-id']) });
    request.raw.on('close', remove);
  });
}
