import { parseCardFileName } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { sendError } from '../../http/errors.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { movedUrl, renamedTo } from '../users/lookup.js';
import { ownAnswerCard, publicAnswerCard } from './service.js';

interface CardParams {
  username: string;
  id: string;
  file: string;
}

/**
 * Answer card images. `/u/:username/answers/:id/cards/<format>-<theme>.png` is public and exists
 * only for public profiles (anything else is the same 404 as a missing answer);
 * `/api/me/answers/:id/cards/...` is the signed-in owner's own, for downloading.
 */
export async function cardsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const hidden = { schema: { hide: true } };

  app.get<{ Params: CardParams }>('/u/:username/answers/:id/cards/:file', hidden, async (request, reply) => {
    const variant = parseCardFileName(request.params.file);
    const png = variant ? await publicAnswerCard(ctx, request.params.username, request.params.id, variant) : null;
    // a card shared under a former name (Settings › Change username) of a public profile
    const renamed = png ? null : await renamedTo(ctx.db, request.params.username);
    if (renamed?.publicProfile) return reply.redirect(movedUrl(request.url, renamed.username), 302);
    if (!png) return sendError(reply, 'file_not_found');
    // the URL stays while the content changes (an edited name): previewers may keep it a while, browsers revalidate
    return reply.header('cache-control', 'public, max-age=300').header('x-content-type-options', 'nosniff').type('image/png').send(png);
  });

  app.get<{ Params: Omit<CardParams, 'username'> }>('/api/me/answers/:id/cards/:file', hidden, async (request, reply) => {
    const viewer = requireViewer(request);
    const variant = parseCardFileName(request.params.file);
    const png = variant ? await ownAnswerCard(ctx, viewer, request.params.id, variant) : null;
    if (!png) return sendError(reply, 'file_not_found');
    return reply.header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').type('image/png').send(png);
  });
}
