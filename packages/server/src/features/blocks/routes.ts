import {
  blockStateSchema,
  blockedAskerListSchema,
  blockedAskerParamsSchema,
  questionIdParamsSchema,
  userListSchema,
  usernameParamsSchema,
} from '@askbox/common';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { findUserByUsername, userByUsername } from '../users/lookup.js';
import { blockAsker, listBlockedAskers, unblockAsker } from './askers.js';
import { block, listBlockedUsers, unblock } from './service.js';

export async function blockRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const params = usernameParamsSchema;

  app.post(
    '/api/users/:username/block',
    { schema: { tags: ['social'], summary: 'Block a user and remove follows both ways', params, response: { 200: blockStateSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const target = await findUserByUsername(ctx.db, request.params.username);
      return block(ctx, viewer.id, target.id);
    },
  );

  app.delete(
    '/api/users/:username/block',
    { schema: { tags: ['social'], summary: 'Remove your block of a user', params, response: { 200: blockStateSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      // your blocks list shows a suspended account too: lifting your own block must work on it
      const target = await userByUsername(ctx.db, request.params.username);
      if (!target) throw new AppError('user_not_found');
      return unblock(ctx, viewer.id, target.id);
    },
  );

  app.get(
    '/api/me/blocks',
    { schema: { tags: ['social'], summary: 'The users you blocked (visible to you only)', response: { 200: userListSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      return { items: await listBlockedUsers(ctx.db, viewer.id) };
    },
  );

  app.post(
    '/api/questions/:id/block-asker',
    {
      schema: {
        tags: ['social'],
        summary: 'Block whoever sent a question in your inbox (anonymous ones without learning who); the question leaves the inbox',
        params: questionIdParamsSchema,
      },
    },
    async (request, reply) => {
      await blockAsker(ctx, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me/blocked-askers',
    { schema: { tags: ['social'], summary: 'Anonymous askers you blocked, as their question (never who)', response: { 200: blockedAskerListSchema } } },
    async (request) => ({ items: await listBlockedAskers(ctx.db, requireViewer(request).id) }),
  );

  app.delete(
    '/api/me/blocked-askers/:id',
    { schema: { tags: ['social'], summary: 'Unblock an anonymous asker', params: blockedAskerParamsSchema } },
    async (request, reply) => {
      await unblockAsker(ctx, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
