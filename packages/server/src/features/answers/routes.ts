import { cursorQuerySchema, answerPageSchema, usernameParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { findUserByUsername } from '../users/lookup.js';
import { profileAnswersPage } from './service.js';

export async function answersRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/users/:username/answers',
    {
      schema: {
        tags: ['answers'],
        summary: "A profile's answered questions, newest first, 20 a page",
        params: usernameParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: answerPageSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const owner = await findUserByUsername(ctx.db, request.params.username);
      return profileAnswersPage(ctx.db, viewer.id, owner.id, request.query.cursor);
    },
  );
}
