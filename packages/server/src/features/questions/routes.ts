import {
  answerQuestionSchemaFor,
  askedQuestionPageSchema,
  askQuestionResponseSchema,
  askQuestionSchemaFor,
  cursorQuerySchema,
  deletedCountSchema,
  deleteInboxQuerySchema,
  inboxQuerySchema,
  inboxPageSchema,
  questionIdParamsSchema,
  usernameParamsSchema,
} from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { idempotencyKeyOf, once } from '../../http/idempotency.js';
import { requireViewer } from '../../http/viewer.js';
import { requireConfirmedAddress } from '../instanceAccess/service.js';
import { findUserByUsername } from '../users/lookup.js';
import { askedQuestionsPage } from './asked.js';
import { answerQuestion, askQuestion, deleteInboxSelection, deleteQuestion, inboxPage } from './service.js';

export async function questionsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/users/:username/questions',
    {
      schema: {
        tags: ['questions'],
        summary: 'Ask a user a question (yourself on your own profile); anonymous by default',
        params: usernameParamsSchema,
        body: askQuestionSchemaFor(ctx.config.maxTextLength),
        response: { 201: askQuestionResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      requireConfirmedAddress(ctx, viewer);
      const receiver = await findUserByUsername(ctx.db, request.params.username);
      const result = await once<{ id: string }>(ctx.db, idempotencyKeyOf(request, viewer.id), 201, (record) =>
        askQuestion(ctx, viewer.id, receiver.id, request.body, record),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  app.get(
    '/api/me/inbox',
    {
      schema: {
        tags: ['questions'],
        summary: 'Unanswered questions received, newest first, 20 a page; narrowed by a filter (all, anonymous, named) and search words',
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
    },
    async (request) => {
      const { cursor, ...selection } = request.query;
      return inboxPage(ctx.db, requireViewer(request).id, cursor, selection);
    },
  );

  app.delete(
    '/api/me/inbox',
    {
      schema: {
        tags: ['questions'],
        summary: 'Delete every question of a filter and search, up to the newest one shown (throughId, throughAt)',
        querystring: deleteInboxQuerySchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => deleteInboxSelection(ctx.db, requireViewer(request).id, request.query),
  );

  app.get(
    '/api/me/questions-asked',
    {
      schema: {
        tags: ['questions'],
        summary: 'Questions you asked, newest first, 20 a page; unanswered ones never say why',
        querystring: cursorQuerySchema,
        response: { 200: askedQuestionPageSchema },
      },
    },
    async (request) => askedQuestionsPage(ctx.db, requireViewer(request).id, request.query.cursor),
  );

  app.post(
    '/api/questions/:id/answer',
    {
      schema: {
        tags: ['questions'],
        summary: 'Answer a question you received',
        params: questionIdParamsSchema,
        body: answerQuestionSchemaFor(ctx.config.maxTextLength),
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      requireConfirmedAddress(ctx, viewer);
      const result = await once<void>(ctx.db, idempotencyKeyOf(request, viewer.id), 204, (record) =>
        answerQuestion(ctx, viewer.id, request.params.id, request.body, record),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/questions/:id',
    {
      schema: {
        tags: ['questions'],
        summary: 'Delete a question you received, unanswered (an answer too: old path, kept for one release; use DELETE /api/answers/:id)',
        params: questionIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteQuestion(ctx, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
