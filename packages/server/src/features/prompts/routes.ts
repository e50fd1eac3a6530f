import { z } from 'zod';
import { addPromptSchema, adminPromptListSchema, adminPromptSchema, promptListSchema, promptsQuerySchema } from '@askbox/common';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireAdmin, requireViewer } from '../../http/viewer.js';
import { localeOf } from '../../i18n/translator.js';
import { addPrompt, adminPrompts, promptsFor, removePrompt } from './service.js';

const idParamsSchema = z.object({ id: z.string().max(100) });

export async function promptRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  // admins only: the role is checked before the input, so a non-admin learns nothing about it
  const adminOnly = {
    preValidation: async (request: FastifyRequest) => {
      requireAdmin(request);
    },
  };

  app.get(
    '/api/prompts',
    {
      schema: {
        tags: ['prompts'],
        summary: "Ideas of questions ('Need inspiration?'): today's question of the day first when set, then the built-in and admin prompts",
        querystring: promptsQuerySchema,
        response: { 200: promptListSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return promptsFor(ctx, request.query.lang ?? localeOf(viewer.locale));
    },
  );

  app.get(
    '/api/admin/prompts',
    {
      schema: { tags: ['prompts'], summary: 'The prompts and questions of the day admins added (admins only)', response: { 200: adminPromptListSchema } },
      ...adminOnly,
    },
    async (request) => {
      requireAdmin(request);
      return { prompts: await adminPrompts(ctx) };
    },
  );

  app.post(
    '/api/admin/prompts',
    {
      schema: {
        tags: ['prompts'],
        summary: 'Add a prompt in one language; with a day, it is the question of that day (admins only, audited)',
        body: addPromptSchema,
        response: { 200: adminPromptSchema },
      },
      ...adminOnly,
    },
    async (request) => addPrompt(ctx, requireAdmin(request), request.body),
  );

  app.delete(
    '/api/admin/prompts/:id',
    {
      schema: { tags: ['prompts'], summary: 'Remove an added prompt (admins only, audited)', params: idParamsSchema, response: { 204: z.null() } },
      ...adminOnly,
    },
    async (request, reply) => {
      await removePrompt(ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
