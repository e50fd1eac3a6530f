import { fediverseServerBlockListSchema, fediverseServerBlockSchema, fediverseServerParamsSchema } from '@askbox/common';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireAdmin } from '../../http/viewer.js';
import { blockFediverseServer, fediverseServerBlocks, unblockFediverseServer } from './service.js';

/** The instance-wide blocks of remote servers (admins only). */
export async function fediverseBlockRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  // the role check runs before the input is validated: a non-admin learns nothing about the input rules
  const adminOnly = {
    preValidation: async (request: Parameters<typeof requireAdmin>[0]) => {
      requireAdmin(request);
    },
  };
  const actorOf = (request: Parameters<typeof requireAdmin>[0]) => {
    const admin = requireAdmin(request);
    return { id: admin.id, username: admin.username };
  };

  app.get(
    '/api/admin/fediverse/blocks',
    {
      schema: {
        tags: ['admin'],
        summary: 'The remote servers blocked for the whole instance (admins only)',
        response: { 200: fediverseServerBlockListSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      requireAdmin(request);
      return fediverseServerBlocks(ctx.db);
    },
  );

  app.post(
    '/api/admin/fediverse/blocks',
    {
      schema: {
        tags: ['admin'],
        summary: 'Block a remote server for the whole instance: nothing it sends is handled, nothing is delivered to it (admins only)',
        body: fediverseServerBlockSchema,
        response: { 200: z.object({ blocked: z.literal(true), changed: z.boolean() }) },
      },
      ...adminOnly,
    },
    async (request) => {
      const changed = await blockFediverseServer(ctx.db, actorOf(request), request.body.domain, request.body.reason);
      return { blocked: true as const, changed };
    },
  );

  app.delete(
    '/api/admin/fediverse/blocks/:domain',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift the block of a remote server (admins only)',
        params: fediverseServerParamsSchema,
        response: { 200: z.object({ blocked: z.literal(false), changed: z.boolean() }) },
      },
      ...adminOnly,
    },
    async (request) => {
      const changed = await unblockFediverseServer(ctx.db, actorOf(request), request.params.domain);
      return { blocked: false as const, changed };
    },
  );
}
