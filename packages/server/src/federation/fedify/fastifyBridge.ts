import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/open.js';
import { publicAnswer, publicUserByUsername } from '../../features/visibility/index.js';
import { sendError } from '../../http/errors.js';
import type { AppInstance } from '../../http/types.js';
import type { FederationEngine } from './engine.js';
import { apUris, isFederationPath, publicCopyNoteId } from '../uris.js';

/**
 * Hands ActivityPub requests from Fastify to the federation engine (Fedify's `federation.fetch`):
 * WebFinger, NodeInfo and everything under /ap/. Requests for `/u/:username` (and an answer's
 * page) that ask for ActivityStreams JSON are sent to the actor (or Note) they stand for;
 * browsers keep the SPA. Only a federation request loads the engine.
 */
export function installFederationBridge(app: AppInstance, options: { engine: () => Promise<FederationEngine>; db: Db; publicUrl: string }): void {
  const { db } = options;
  const origin = new URL(options.publicUrl).origin;

  app.addHook('onRequest', async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    if (isFederationPath(path)) return (await options.engine()).handle(request, reply);
    if (request.method === 'GET' && prefersActivityJson(request.headers.accept)) return negotiate(path, reply);
  });

  /** `/u/:username` or `/u/:username/answers/:id` asked for as ActivityStreams: the actor or Note, or 404. */
  async function negotiate(path: string, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const match = /^\/u\/([^/]+)(?:\/answers\/([^/]+))?$/.exec(path);
    if (!match) return undefined;
    const user = await publicUserByUsername(db, decodeURIComponent(match[1]!));
    const answerId = match[2] ? decodeURIComponent(match[2]) : null;
    const answer = user && answerId ? await publicAnswer(db, user.id, answerId) : null;
    reply.header('vary', 'Accept');
    if (!user || (answerId && !answer)) return sendError(reply, 'not_found');
    if (!answer) return reply.redirect(apUris.actor(origin, user.id), 302);
    // a published answer to a followers-only or direct post: its public copy, which names nobody (decision 332)
    const published = answer.publishToFollowers && (answer.remote?.visibility === 'followers' || answer.remote?.visibility === 'direct');
    return reply.redirect(apUris.note(origin, published ? publicCopyNoteId(answer.id) : answer.id), 302);
  }
}

const AP_TYPES = ['application/activity+json', 'application/ld+json'];

/** Whether an Accept header asks for ActivityStreams JSON before HTML. */
export function prefersActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const ap = types.findIndex((type) => AP_TYPES.includes(type));
  const html = types.findIndex((type) => type === 'text/html');
  return ap >= 0 && (html < 0 || ap < html);
}
