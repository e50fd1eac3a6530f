import { cursorQuerySchema, answerPageSchema, pinnedAnswersSchema, questionIdParamsSchema, usernameParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { findUserByUsername } from '../users/lookup.js';
import { deleteQuestion } from '../questions/service.js';
import { pinnedAnswers, profileAnswersPage, setAnswerPinned } from './service.js';

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

  app.get(
    '/api/users/:username/answers/pinned',
    {
      schema: {
        tags: ['answers'],
        summary: "A profile's pinned answers (at most 3), newest answer first",
        params: usernameParamsSchema,
        response: { 200: pinnedAnswersSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const owner = await findUserByUsername(ctx.db, request.params.username);
      return { items: await pinnedAnswers(ctx.db, viewer.id, owner.id) };
    },
  );

  for (const [method, pinned] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/answers/:id/pin',
      schema: {
        tags: ['answers'],
        summary: pinned ? 'Pin one of your answers to the top of your profile' : 'Unpin one of your answers',
        params: questionIdParamsSchema,
      },
      handler: async (request, reply) => {
        await setAnswerPinned(ctx.db, requireViewer(request).id, request.params.id, pinned);
        return reply.status(204).send();
      },
    });
  }

  app.delete(
    '/api/answers/:id',
    { schema: { tags: ['answers'], summary: 'Delete your answer, with its question', params: questionIdParamsSchema } },
    async (request, reply) => {
      await deleteQuestion(ctx, requireViewer(request).id, request.params.id, { answered: true });
      return reply.status(204).send();
    },
  );
}
