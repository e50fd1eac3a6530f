import { feedNewCountQuerySchema, feedNewCountSchema, feedQuerySchema, answerPageSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { feedNewCount, feedPage } from './service.js';

export async function feedRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/feed',
    {
      schema: {
        tags: ['feed'],
        summary: 'Answers of the people you follow, newest first, 20 a page (optionally as of `until`)',
        querystring: feedQuerySchema,
        response: { 200: answerPageSchema },
      },
    },
    async (request) => feedPage(ctx.db, requireViewer(request).id, { ...request.query, withOwnAnswers: ctx.config.firstLook }),
  );

  app.get(
    '/api/feed/new-count',
    {
      schema: {
        tags: ['feed'],
        summary: 'How many answers in your feed are newer than `since`',
        querystring: feedNewCountQuerySchema,
        response: { 200: feedNewCountSchema },
      },
    },
    async (request) => ({ count: await feedNewCount(ctx.db, requireViewer(request).id, request.query.since) }),
  );
}
