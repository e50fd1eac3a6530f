import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cursorQuerySchema, postPageSchema, usernameParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../app.js';
import { requireViewer } from '../../http/viewer.js';
import { profileAnswersPage } from './service.js';

export async function answersRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/users/:username/answers',
    {
      schema: {
        tags: ['answers'],
        summary: "A profile's answered questions, newest first, 20 a page",
        params: usernameParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: postPageSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return profileAnswersPage(ctx.db, viewer.id, request.params.username, request.query.cursor);
    },
  );
}
