import { usernameParamsSchema, visitorQuestionSchema } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { AppInstance } from '../../http/types.js';
import { challengeSecret, spendChallenge } from '../challenge/service.js';
import { askAsVisitor, visitorKeyOf, visitorReceiver } from './service.js';

export async function visitorRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  const secret = challengeSecret(ctx.email.linkSecret);
  app.post(
    '/api/visitors/:username/questions',
    {
      schema: {
        tags: ['questions'],
        summary:
          'Ask without an account (anonymous, with a solved challenge) someone who lets people without an account ask them; 204 whether it reached them or was dropped',
        params: usernameParamsSchema,
        body: visitorQuestionSchema,
      },
    },
    async (request, reply) => {
      // not opted in (operator or receiver) looks exactly like no such user
      const receiver = await visitorReceiver(ctx, request.params.username);
      if (!receiver) throw new AppError('user_not_found');
      await spendChallenge(ctx, secret, 'visitor_question', request.body.challenge);
      await askAsVisitor(ctx, receiver, await visitorKeyOf(ctx, request.ip), request.body.text);
      reply.header('cache-control', 'no-store');
      return reply.status(204).send();
    },
  );
}
