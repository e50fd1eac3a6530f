import { accountExportSchema, changeUsernameResponseSchema, changeUsernameSchema, deleteAccountSchema } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { rateLimitClient } from '../../rateLimit.js';
import { SESSION_COOKIE } from '../auth/service.js';
import { deleteAccount, exportAccount } from './service.js';
import { changeUsername } from './username.js';
import { requireFreshSecondFactor } from '../twoFactor/service.js';

export async function accountRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything of your account as JSON (a fresh second factor when two-factor sign-in is on)',
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      const data = await exportAccount(ctx, viewer.id);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="askbox-${viewer.username}-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete your account for good (password required, and a fresh second factor when two-factor sign-in is on)',
        body: deleteAccountSchema,
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      await deleteAccount(
        ctx,
        viewer.id,
        { client: rateLimitClient(request.ip), password: request.body.password, challenge: request.body.challenge },
        request.log,
      );
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  // USERNAME_CHANGES=off: no such route, and the profile says 'Username cannot be changed' (the product spec)
  if (ctx.config.usernameChanges)
    app.put(
      '/api/me/username',
      {
        schema: {
          tags: ['account'],
          summary: "Change your username (once in 30 days); your old name keeps leading to you, and is nobody else's, for a year",
          body: changeUsernameSchema,
          response: { 200: changeUsernameResponseSchema },
        },
      },
      async (request) => {
        const viewer = requireViewer(request);
        return changeUsername(ctx, viewer.id, request.body.username);
      },
    );
}
