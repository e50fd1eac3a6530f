import { globalQuestionResultSchema, globalQuestionSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
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
    async (request) => {
      const admin = requireAdmin(request);
      return sendGlobalQuestion(ctx, admin.id, request.body.text, request.log);
    },
  );
}
