import { dashboardSchema, deliveryParamsSchema, globalQuestionResultSchema, globalQuestionSchemaFor } from '@askbox/common';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { idempotencyKeyOf, once } from '../../http/idempotency.js';
import { requireAdmin } from '../../http/viewer.js';
import { sendGlobalQuestion } from './service.js';
import { dashboard, settleFailedDelivery } from './dashboard.js';

export async function adminRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/admin/global-question',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send one anonymous question to every user (admins only)',
        body: globalQuestionSchemaFor(ctx.config.maxTextLength),
        response: { 200: globalQuestionResultSchema },
      },
      // the role check runs before the body is validated: a non-admin learns nothing about the input rules
      preValidation: async (request) => {
        requireAdmin(request);
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const result = await once<{ count: number }>(ctx.db, idempotencyKeyOf(request, admin.id), 200, (record) =>
        sendGlobalQuestion(ctx, { id: admin.id, username: admin.username }, request.body.text, request.log, record),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  );

  const adminOnly = {
    preValidation: async (request: Parameters<typeof requireAdmin>[0]) => {
      requireAdmin(request);
    },
  };

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activity per day, queues and their failed rows, database size, version (admins only)',
        response: { 200: dashboardSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      requireAdmin(request);
      return dashboard(ctx);
    },
  );

  app.post(
    '/api/admin/deliveries/:queue/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Try a failed push, email or federation delivery again (admins only)',
        params: deliveryParamsSchema,
        response: { 204: z.null() },
      },
      ...adminOnly,
    },
    async (request, reply) => {
      await settleFailedDelivery(ctx, requireAdmin(request), request.params.queue, request.params.id, 'retry');
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/admin/deliveries/:queue/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Discard a failed push, email or federation delivery (admins only)',
        params: deliveryParamsSchema,
        response: { 204: z.null() },
      },
      ...adminOnly,
    },
    async (request, reply) => {
      await settleFailedDelivery(ctx, requireAdmin(request), request.params.queue, request.params.id, 'discard');
      return reply.status(204).send(null);
    },
  );
}
