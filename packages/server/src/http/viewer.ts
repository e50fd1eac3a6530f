import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from './errors.js';
import { SESSION_COOKIE, findSessionUser, type SessionUser } from '../features/auth/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null; resolved once per API request. */
    viewer: SessionUser | null;
    sessionId: string | null;
  }
}

export function installViewer(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSessionUser(ctx.db, token);
    if (found) {
      request.viewer = found.user;
      request.sessionId = found.sessionId;
    }
  });
}

/** The signed-in user, or a 401. */
export function requireViewer(request: FastifyRequest): SessionUser {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

/** The signed-in admin, or 401/403: admin rights are checked here, never trusted from the client. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const viewer = requireViewer(request);
  if (viewer.role !== 'admin') throw forbidden('Only an admin can do this.', 'admin_only');
  return viewer;
}
