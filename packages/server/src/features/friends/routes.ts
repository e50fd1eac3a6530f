import { friendListSchema, searchQuerySchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { recommendFriends, searchUsers } from './service.js';

export async function friendRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/users/search',
    {
      schema: {
        tags: ['friends'],
        summary: 'Find people by a part of their username or full name',
        querystring: searchQuerySchema,
        response: { 200: friendListSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return { items: await searchUsers(ctx.db, viewer.id, request.query.q) };
    },
  );

  app.get(
    '/api/users/recommended',
    { schema: { tags: ['friends'], summary: 'Up to 20 people to follow', response: { 200: friendListSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      return { items: await recommendFriends(ctx, viewer.id, (error) => request.log.error({ err: error }, 'friend suggestions: refresh failed')) };
    },
  );
}
