import { likeStateSchema, questionIdParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { likeAnswer, unlikeAnswer } from './service.js';

/**
 * Like and unlike an answer: `/api/answers/:id/like`. The old `/api/questions/:id/like` answers the
 * same for one release, for clients built before the rename.
 */
export async function likesRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const schema = (summary: string) => ({ tags: ['likes'], summary, params: questionIdParamsSchema, response: { 200: likeStateSchema } });
  for (const base of ['/api/answers', '/api/questions'] as const) {
    const alias = base === '/api/questions' ? ' (old path, kept for one release: use /api/answers/:id/like)' : '';
    app.post(`${base}/:id/like`, { schema: schema(`Like an answer (idempotent); returns the exact count${alias}`) }, async (request) =>
      likeAnswer(ctx, requireViewer(request).id, request.params.id),
    );
    app.delete(`${base}/:id/like`, { schema: schema(`Remove your like (idempotent); returns the exact count${alias}`) }, async (request) =>
      unlikeAnswer(ctx, requireViewer(request).id, request.params.id),
    );
  }
}
