import { z } from 'zod';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@askbox/common';
import type { AppInstance } from '../http/types.js';
import type { ServerContext } from '../context.js';
import { requireViewer } from '../http/viewer.js';
import { assertPushEndpoint, assertSubscriptionKeys } from './endpoint.js';
import { deleteSubscription, saveSubscription } from './subscriptions.js';

export async function pushRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.post(
    '/api/push/subscriptions',
    { schema: { tags: ['push'], summary: "Save (or refresh) this device's push subscription", body: pushSubscriptionSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      assertSubscriptionKeys(request.body.keys);
      await assertPushEndpoint(request.body.endpoint, ctx.push.transport.policy);
      await saveSubscription(ctx.db, viewer.id, request.sessionId, request.body, ctx.config.push.maxSubscriptionsPerUser);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { tags: ['push'], summary: "Remove this device's push subscription", body: pushUnsubscribeSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await deleteSubscription(ctx.db, viewer.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
