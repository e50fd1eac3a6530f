import { accountMovingSchema, addAliasSchema, moveAccountSchema, removeAliasSchema } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { rateLimitClient } from '../../rateLimit.js';
import { requireFreshSecondFactor } from '../twoFactor/service.js';
import { accountMoving, addAlias, moveAccount, removeAlias } from './service.js';

/** Moving on the fediverse (Settings › Account): old accounts this one also is, and the move to a new one. Only with ActivityPub on. */
export async function movingRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/me/moving',
    {
      schema: { tags: ['account'], summary: 'Your old fediverse accounts (alsoKnownAs) and the account you moved to', response: { 200: accountMovingSchema } },
    },
    async (request) => accountMoving(ctx, requireViewer(request).id),
  );

  app.post(
    '/api/me/moving/aliases',
    {
      schema: {
        tags: ['account'],
        summary: 'Name an old fediverse account (@name@server, looked up by WebFinger) as this one, before moving from it',
        body: addAliasSchema,
        response: { 200: accountMovingSchema },
      },
    },
    async (request) => addAlias(ctx, requireViewer(request).id, request.body.handle),
  );

  app.delete(
    '/api/me/moving/aliases',
    {
      schema: {
        tags: ['account'],
        summary: 'Stop naming an old fediverse account (its actor URI)',
        querystring: removeAliasSchema,
        response: { 200: accountMovingSchema },
      },
    },
    async (request) => removeAlias(ctx, requireViewer(request).id, request.query.uri),
  );

  app.post(
    '/api/me/moving/move',
    {
      schema: {
        tags: ['account'],
        summary:
          'Move to a new fediverse account that names this one in its aliases: remote followers are sent a Move (password required, a fresh second factor when two-factor sign-in is on, once in 30 days)',
        body: moveAccountSchema,
        response: { 200: accountMovingSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      const moved = await moveAccount(ctx, viewer.id, request.body.handle, {
        client: rateLimitClient(request.ip),
        password: request.body.password,
        challenge: request.body.challenge,
      });
      void ctx.federation?.worker?.kick();
      return moved;
    },
  );
}
