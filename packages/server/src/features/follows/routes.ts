import { cursorQuerySchema, followStateSchema, userPageSchema, usernameParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { findUserByUsername } from '../users/lookup.js';
import { listFollowLinks } from './lists.js';
import { follow, unfollow } from './service.js';

export async function followRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const params = usernameParamsSchema;

  app.post(
    '/api/users/:username/follow',
    { schema: { tags: ['social'], summary: 'Follow a user (idempotent)', params, response: { 200: followStateSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const target = await findUserByUsername(ctx.db, request.params.username);
      return follow(ctx, viewer.id, target.id);
    },
  );

  app.delete(
    '/api/users/:username/follow',
    { schema: { tags: ['social'], summary: 'Unfollow a user (idempotent)', params, response: { 200: followStateSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const target = await findUserByUsername(ctx.db, request.params.username);
      return unfollow(ctx, viewer.id, target.id);
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/api/users/:username/${direction}`,
      {
        schema: {
          tags: ['social'],
          summary: direction === 'followers' ? "A user's followers" : 'Whom a user follows',
          params,
          querystring: cursorQuerySchema,
          response: { 200: userPageSchema },
        },
      },
      async (request) => {
        const viewer = requireViewer(request);
        const target = await findUserByUsername(ctx.db, request.params.username);
        return listFollowLinks(ctx.db, viewer.id, target.id, direction, request.query.cursor);
      },
    );
  }
}
