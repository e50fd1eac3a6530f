import { likeStateSchema, questionIdParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { likeAnswer, unlikeAnswer } from './service.js';

export async function likesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const schema = (summary: string) => ({ tags: ['likes'], summary, params: questionIdParamsSchema, response: { 200: likeStateSchema } });

  app.post('/api/questions/:id/like', { schema: schema('Like an answer (idempotent); returns the exact count') }, async (request) =>
    likeAnswer(ctx, requireViewer(request).id, request.params.id),
  );
  app.delete('/api/questions/:id/like', { schema: schema('Remove your like (idempotent); returns the exact count') }, async (request) =>
    unlikeAnswer(ctx, requireViewer(request).id, request.params.id),
  );
}
