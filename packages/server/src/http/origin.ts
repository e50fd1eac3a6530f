import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies are SameSite=Lax; on top of that, every state-changing request must come from our own
 * pages: a browser always sends Origin (and Sec-Fetch-Site) on such requests. Every one, whatever
 * its path: a check on `request.url.startsWith('/api/')` let `/%61pi/auth/logout` through, since
 * the router decodes what the raw URL hides. Servers (ActivityPub inboxes, curl) send
 * no Origin and are not browsers carrying a victim's cookie.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const trusted = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('bad_origin');
    const origin = request.headers.origin;
    if (!origin) return; // not a browser (curl, tests): it cannot carry a victim's cookie cross-site
    const host = request.headers.host;
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    if (!sameHost && !trusted.has(origin)) throw new AppError('bad_origin');
  });
}
