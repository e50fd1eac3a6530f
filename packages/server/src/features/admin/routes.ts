import { globalQuestionResultSchema, globalQuestionSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { idempotencyKeyOf, once } from '../../http/idempotency.js';
import { requireAdmin } from '../../http/viewer.js';
import { sendGlobalQuestion } from './service.js';

export async function adminRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/admin/global-question',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send one anonymous question to every user (admins only)',
        body: globalQuestionSchema,
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
}
