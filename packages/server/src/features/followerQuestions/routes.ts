import { askQuestionSchemaFor } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { requireConfirmedAddress } from '../instanceAccess/service.js';
import { askMyFollowers } from './service.js';

export async function followerQuestionRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.post(
    '/api/me/followers/questions',
    {
      schema: {
        tags: ['questions'],
        summary: 'Ask all your followers one question (3 a day); each follower’s own rules apply, and you are told nothing per follower',
        body: askQuestionSchemaFor(ctx.config.maxTextLength),
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      requireConfirmedAddress(ctx, viewer);
      await askMyFollowers(ctx, viewer.id, request.body);
      // the fan-out starts once the answer is out (and every instance's worker polls for it too)
      reply.raw.once('finish', () => void ctx.followerQuestions.kick());
      return reply.status(204).send();
    },
  );
}
