import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SIZE } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import { apUris } from '../../federation/uris.js';
import { sendError } from '../../http/errors.js';
import type { AppInstance } from '../../http/types.js';
import { answerCount, publicAnswer, publicAnswersPage, publicUserByUsername } from '../visibility/index.js';
import { movedUrl, renamedTo } from '../users/lookup.js';
import { visitorPage } from '../visitors/service.js';
import { answerHead, atomFeed, profileHead } from './views.js';

interface ProfileParams {
  username: string;
}

/**
 * The pages people share: `/u/:username` and `/u/:username/answers/:id` are the SPA for browsers,
 * with share-card tags in the HTML when the profile is public (link previews run no script), and
 * the Atom feed of a public profile. A private profile's pages are the plain SPA, and its feed is
 * a 404 that says nothing more than an unknown user's would.
 */
export async function sharingRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  const origin = ctx.config.publicUrl;
  const hidden = { schema: { hide: true } };

  // signed out, a public profile (and its answers' links) is a small page of its own (decision 307)
  const page = { schema: { hide: true }, config: { resolvesViewer: true } };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, username: string, head?: string, answerId?: string) => {
    const visitors = request.viewer ? null : await visitorPage(ctx, username, { acceptLanguage: request.headers['accept-language'], answerId });
    if (visitors) return ctx.webShell.sendVisitorPage(reply, { ...visitors, head: `${visitors.head}\n    ${head ?? ''}` });
    return ctx.webShell.sendPage(reply, { pathname: request.url.split('?')[0] ?? '', signedIn: request.viewer !== null, head });
  };

  /**
   * A former name (Settings › Change username) leads to the same address under the current name:
   * for anyone when the profile is public, else for people signed in. Signed out, a private
   * profile's old name answers as any unknown name does.
   */
  const sendToCurrentName = async (request: FastifyRequest<{ Params: ProfileParams }>, reply: FastifyReply) => {
    const renamed = await renamedTo(ctx.db, request.params.username);
    if (!renamed || !(renamed.publicProfile || request.viewer)) return false;
    await reply.redirect(movedUrl(request.url, renamed.username), 302);
    return true;
  };

  app.get<{ Params: ProfileParams }>('/u/:username', page, async (request, reply) => {
    const user = await publicUserByUsername(ctx.db, request.params.username);
    if (!user && (await sendToCurrentName(request, reply))) return reply;
    if (!user) return sendPage(request, reply, request.params.username);
    return sendPage(request, reply, user.username, profileHead(origin, user, await answerCount(ctx.db, user.id), apUris.actor(origin, user.id)));
  });

  app.get<{ Params: ProfileParams & { id: string } }>('/u/:username/answers/:id', page, async (request, reply) => {
    const user = await publicUserByUsername(ctx.db, request.params.username);
    const answer = user ? await publicAnswer(ctx.db, user.id, request.params.id) : null;
    if (!user && (await sendToCurrentName(request, reply))) return reply;
    if (!user || !answer) return sendPage(request, reply, request.params.username);
    return sendPage(request, reply, user.username, answerHead(origin, user, answer, apUris.actor(origin, user.id)), answer.id);
  });

  app.get<{ Params: ProfileParams }>('/u/:username/feed.atom', hidden, async (request, reply) => {
    const user = await publicUserByUsername(ctx.db, request.params.username);
    if (!user && (await sendToCurrentName(request, reply))) return reply;
    if (!user) return sendError(reply, 'feed_not_found');
    const { items } = await publicAnswersPage(ctx.db, user.id);
    return reply
      .header('cache-control', 'no-cache')
      .type('application/atom+xml; charset=utf-8')
      .send(atomFeed(origin, user, items.slice(0, PAGE_SIZE)));
  });
}
