import type { FastifyInstance } from 'fastify';

const FEDERATION_PATH = /^\/(ap\/|\.well-known\/|nodeinfo\/)/;

/**
 * Tracks the app's own requests under way, and returns whether there are any now. While there
 * are, the inboxes check and store one activity at a time and the inbox worker handles one at a
 * time, each resting as long as it took (decisions 333 and 335). Federation's own requests are
 * not counted. Nor is a live-event stream once it is open (`liveStream` routes): it stays open
 * for as long as a tab is, and counting it would keep federation in turns whenever anyone is
 * signed in.
 */
export function trackAppWork(app: FastifyInstance): () => boolean {
  const underWay = new Set<unknown>();
  app.addHook('onRequest', async (request) => {
    if (!FEDERATION_PATH.test(request.url) && !request.routeOptions.config?.liveStream) underWay.add(request);
  });
  app.addHook('onResponse', async (request) => void underWay.delete(request));
  app.addHook('onRequestAbort', async (request) => void underWay.delete(request));
  return () => underWay.size > 0;
}
