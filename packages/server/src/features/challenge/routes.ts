import { challengeQuerySchema, challengeResponseSchema, type Challenge } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { consumeRateLimit, rateLimitClient } from '../../rateLimit.js';
import { visitorKeyOf } from '../visitors/service.js';
import { challengeSecret, issueChallenge } from './service.js';

/** Challenges asked for per IP per hour: a form asks for one as it opens, and again after a refusal. */
const CHALLENGES_PER_HOUR = 300;

export async function challengeRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  const secret = challengeSecret(ctx.email.linkSecret);
  app.get(
    '/api/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A signed proof-of-work challenge for a form (sign-up, log-in after failures, password reset), solved by the browser',
        querystring: challengeQuerySchema,
        response: { 200: challengeResponseSchema },
      },
    },
    async (request, reply) => {
      // a visitor's address is never stored, not even as a counter's key: their keyed hash counts instead (decision 306)
      const client = request.query.purpose === 'visitor_question' ? `visitor:${await visitorKeyOf(ctx, request.ip)}` : rateLimitClient(request.ip);
      await consumeRateLimit(ctx.db, `challenge:${client}`, CHALLENGES_PER_HOUR, 3600);
      reply.header('cache-control', 'no-store');
      return { challenge: (await issueChallenge(ctx, secret, request.query.purpose)) as Challenge };
    },
  );
}
