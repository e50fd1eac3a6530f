import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRowWithoutHash } from '../db/schema/index.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null; resolved once per API request. */
    viewer: UserRowWithoutHash | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** A page (not an API route) that needs to know whether someone is signed in (the signed-out profile, decision 307). */
    resolvesViewer?: boolean;
  }
}

/** Who sent a request: the user and the session they are signed in with. */
export interface Viewer {
  user: UserRowWithoutHash;
  sessionId: string;
}

/**
 * Resolves `request.viewer` on every API request with `identify`. How a request proves who
 * sent it (the session cookie) belongs to the auth feature, which app.ts passes in here.
 */
export function installViewer(app: FastifyInstance, identify: (request: FastifyRequest) => Promise<Viewer | null>): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    // the route the router matched (it decodes `/%61pi/...`), not the raw URL
    if (!isApiRoute(request) && !request.routeOptions.config?.resolvesViewer) return;
    const found = await identify(request);
    if (found) {
      request.viewer = found.user;
      request.sessionId = found.sessionId;
    }
  });
}

/** The signed-in user, or a 401. */
export function requireViewer(request: FastifyRequest): UserRowWithoutHash {
  if (!request.viewer) throw new AppError('unauthorized');
  return request.viewer;
}

/** The signed-in admin, or 401/403: admin rights are checked here, never trusted from the client. */
export function requireAdmin(request: FastifyRequest): UserRowWithoutHash {
  const viewer = requireViewer(request);
  if (viewer.role !== 'admin') throw new AppError('admin_only');
  return viewer;
}

/**
 * The signed-in moderator or admin, or 401/403 (decision 286): the one guard of every moderation
 * route (reports, suspensions, appeals, sign-up approvals). Roles, instance settings and the global
 * question stay with `requireAdmin`.
 */
export function requireModerator(request: FastifyRequest): UserRowWithoutHash {
  const viewer = requireViewer(request);
  if (viewer.role !== 'admin' && viewer.role !== 'moderator') throw new AppError('moderators_only');
  return viewer;
}

/** Whether the router matched an API route (`/api/...` as registered), whatever the raw URL looked like. */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}
