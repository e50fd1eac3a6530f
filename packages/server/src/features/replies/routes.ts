import {
  cursorQuerySchema,
  hiddenReplyPageSchema,
  questionIdParamsSchema,
  replyIdParamsSchema,
  replyInputSchemaFor,
  replyPageSchema,
  replySchema,
} from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { deleteReply, hiddenRepliesPage, replyTo, setReplyHidden, threadPage } from './service.js';

/** Replies under an answer (decision 358): the thread, replying, deleting, hiding, and the owner's hidden replies. */
export async function repliesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/answers/:id/replies',
    {
      schema: {
        tags: ['replies'],
        summary: 'The replies under an answer, newest last, 20 a page, and whether you may reply',
        params: questionIdParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: replyPageSchema },
      },
    },
    async (request) => threadPage(ctx.db, requireViewer(request).id, request.params.id, request.query.cursor),
  );

  app.post(
    '/api/answers/:id/replies',
    {
      schema: {
        tags: ['replies'],
        summary: 'Reply under an answer (plain text, the instance text limit)',
        params: questionIdParamsSchema,
        body: replyInputSchemaFor(ctx.config.maxTextLength),
        response: { 201: replySchema },
      },
    },
    async (request, reply) => {
      const created = await replyTo(ctx, requireViewer(request).id, request.params.id, request.body.text);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/replies/:id',
    { schema: { tags: ['replies'], summary: 'Delete your reply, or any reply under your answer', params: replyIdParamsSchema } },
    async (request, reply) => {
      await deleteReply(ctx, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    app.post(
      `/api/replies/:id/${action}`,
      {
        schema: {
          tags: ['replies'],
          summary: hidden ? 'Hide a reply under your answer (it waits in your hidden replies)' : 'Show a hidden reply under your answer again',
          params: replyIdParamsSchema,
        },
      },
      async (request, reply) => {
        await setReplyHidden(ctx, requireViewer(request).id, request.params.id, hidden);
        return reply.status(204).send();
      },
    );
  }

  app.get(
    '/api/me/hidden-replies',
    {
      schema: {
        tags: ['replies'],
        summary: 'Replies under your answers that you hid or that a muted word hid, newest first',
        querystring: cursorQuerySchema,
        response: { 200: hiddenReplyPageSchema },
      },
    },
    async (request) => hiddenRepliesPage(ctx.db, requireViewer(request).id, request.query.cursor),
  );
}
