import { z } from 'zod';
import { recoveryCodesSchema, twoFactorCodeSchema, twoFactorSecretSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { rateLimitClient } from '../../rateLimit.js';
import { confirmSecondFactor, disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup, twoFactorStatus } from './service.js';

/** Settings › Two-factor sign-in: turning it on with an authenticator app, recovery codes, turning it off. */
export async function twoFactorRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/me/two-factor',
    { schema: { tags: ['two-factor'], summary: 'Whether two-factor sign-in is on, and the recovery codes left', response: { 200: twoFactorStatusSchema } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      reply.header('cache-control', 'no-store');
      return twoFactorStatus(ctx.db, viewer.id);
    },
  );

  app.post(
    '/api/me/two-factor/setup',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Turn it on, first step (password required): a new secret for the authenticator app, to confirm with a first code',
        body: twoFactorSetupSchema,
        response: { 200: twoFactorSecretSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      reply.header('cache-control', 'no-store');
      return startTwoFactorSetup(ctx, viewer.id, { client: rateLimitClient(request.ip), password: request.body.password, challenge: request.body.challenge });
    },
  );

  app.post(
    '/api/me/two-factor/enable',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Turn it on, second step: a first code from the app; answers the ten recovery codes, shown once',
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      reply.header('cache-control', 'no-store');
      return enableTwoFactor(ctx, viewer.id, request.sessionId!, request.body.code);
    },
  );

  app.post(
    '/api/me/two-factor/confirm',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Prove the second factor again (a code, or a recovery code, spent) before a sensitive change',
        body: twoFactorCodeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await confirmSecondFactor(ctx, viewer.id, request.sessionId!, {
        client: rateLimitClient(request.ip),
        code: request.body.code,
        challenge: request.body.challenge,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/two-factor/recovery-codes',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Ten new recovery codes (a fresh second factor required); the old ones stop working',
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      reply.header('cache-control', 'no-store');
      return renewRecoveryCodes(ctx, viewer.id, request.sessionId!);
    },
  );

  app.delete(
    '/api/me/two-factor',
    { schema: { tags: ['two-factor'], summary: 'Turn it off (a fresh second factor required)', response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await disableTwoFactor(ctx, viewer.id, request.sessionId!);
      return reply.status(204).send(null);
    },
  );
}
