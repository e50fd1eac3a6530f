import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unsubscribeQuerySchema } from '@askbox/common';
import type { AppInstance } from '../http/types.js';
import type { ServerContext } from '../context.js';
import { unsubscribe } from './unsubscribe.js';

/**
 * The unsubscribe link of every notification email (RFC 8058): it works without signing in, by
 * its signed token. POST turns email notifications off (what a mail provider's one-click button
 * does, with a `List-Unsubscribe=One-Click` form body); GET, what a person's click or a link
 * scanner does, only leads to the screen that asks (so a scanner never unsubscribes anyone).
 */
export async function emailRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // the one form-encoded body the API takes; its content is not needed (the token is in the URL)
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    scope.post(
      '/api/email/unsubscribe',
      {
        schema: {
          tags: ['email'],
          summary: 'Turn email notifications off with the signed link of an email (no sign-in needed)',
          querystring: unsubscribeQuerySchema,
          response: { 200: z.object({ emailNotifications: z.literal('off') }) },
        },
      },
      async (request) => {
        await unsubscribe(ctx.db, ctx.email.linkSecret, request.query.token);
        return { emailNotifications: 'off' as const };
      },
    );
  });

  app.get(
    '/api/email/unsubscribe',
    { schema: { tags: ['email'], summary: 'Opens the screen that confirms unsubscribing', querystring: unsubscribeQuerySchema } },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
}
