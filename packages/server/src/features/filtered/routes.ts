import { cursorQuerySchema, filteredPageSchema, questionIdParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { deleteFilteredQuestion, filteredPage, moveFilteredToInbox } from './service.js';

export async function filteredRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/me/filtered',
    {
      schema: {
        tags: ['safety'],
        summary: 'Your Filtered folder: questions your muted words kept out, newest first, 20 a page (kept 30 days)',
        querystring: cursorQuerySchema,
        response: { 200: filteredPageSchema },
      },
    },
    async (request) => filteredPage(ctx.db, requireViewer(request).id, request.query.cursor),
  );

  app.delete(
    '/api/me/filtered/:id',
    { schema: { tags: ['safety'], summary: 'Delete a question of your Filtered folder', params: questionIdParamsSchema } },
    async (request, reply) => {
      await deleteFilteredQuestion(ctx.db, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/me/filtered/:id/inbox',
    { schema: { tags: ['safety'], summary: 'Move a question of your Filtered folder to your inbox (nobody is notified)', params: questionIdParamsSchema } },
    async (request, reply) => {
      await moveFilteredToInbox(ctx.db, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
