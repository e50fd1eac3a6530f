import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  passkeyConfirmSchema,
  passkeyListSchema,
  passkeyParamsSchema,
  passkeyRegistrationSchema,
  passkeyRegistrationStartSchema,
  passkeySchema,
  webauthnOptionsSchema,
} from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { rateLimitClient } from '../../rateLimit.js';
import { requireFreshSecondFactor } from '../twoFactor/service.js';
import { confirmWithPasskey, listPasskeys, passkeyConfirmOptions, passkeyRegistrationOptions, registerPasskey, removePasskey } from './service.js';

/** Settings › Passkeys: listing, adding (password, then the authenticator) and removing one's passkeys. */
export async function passkeyRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/me/passkeys',
    { schema: { tags: ['two-factor'], summary: 'Your passkeys, newest first', response: { 200: passkeyListSchema } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      reply.header('cache-control', 'no-store');
      return { items: await listPasskeys(ctx, viewer.id) };
    },
  );

  app.post(
    '/api/me/passkeys/options',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Adding a passkey, first step (password required, and a fresh second factor when two-factor sign-in is on): the WebAuthn creation options',
        body: passkeyRegistrationStartSchema,
        response: { 200: webauthnOptionsSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      const options = await passkeyRegistrationOptions(ctx, viewer.id, {
        client: rateLimitClient(request.ip),
        password: request.body.password,
        challenge: request.body.challenge,
      });
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/api/me/passkeys',
    {
      schema: {
        tags: ['two-factor'],
        summary: "Adding a passkey, second step: the authenticator's answer",
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const passkey = await registerPasskey(ctx, viewer.id, request.body.response as unknown as RegistrationResponseJSON, request.body.name);
      return reply.status(201).send(passkey);
    },
  );

  app.delete(
    '/api/me/passkeys/:id',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Remove one of your passkeys (a fresh second factor when two-factor sign-in is on)',
        params: passkeyParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      await removePasskey(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/passkeys/confirm/options',
    {
      schema: {
        tags: ['two-factor'],
        summary: "'Confirm it is you' with a passkey, first step: the WebAuthn request options for your own passkeys",
        response: { 200: webauthnOptionsSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return { options: (await passkeyConfirmOptions(ctx, viewer.id)) as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/api/me/passkeys/confirm',
    {
      schema: {
        tags: ['two-factor'],
        summary: "'Confirm it is you' with one of your passkeys instead of a code, before a sensitive change",
        body: passkeyConfirmSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      await confirmWithPasskey(ctx, viewer.id, request.sessionId!, rateLimitClient(request.ip), response);
      return reply.status(204).send(null);
    },
  );
}
