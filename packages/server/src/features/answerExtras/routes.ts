import { pendingPictureSchema, questionIdParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { readUploadedFile } from '../../http/uploadedFile.js';
import { requireViewer } from '../../http/viewer.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { requireConfirmedAddress } from '../instanceAccess/service.js';
import { dropAnswerPicture, storeAnswerPicture, unansweredQuestionOf } from './service.js';

/** The picture of an answer being written: uploaded before the answer is sent (decision 316). */
export async function answerExtrasRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/questions/:id/picture',
    {
      schema: {
        tags: ['questions'],
        summary: 'Upload the picture of your answer to come (multipart field "file", 5 MB max); the answer sends it with its alt text',
        params: questionIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: pendingPictureSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      requireConfirmedAddress(ctx, viewer);
      // someone else's question is not found before any file is read
      await unansweredQuestionOf(ctx.db, request.params.id, viewer.id);
      await consumeRateLimit(ctx.db, accountRateLimitKey.upload(viewer.id), ctx.config.rateLimits.uploadsPerHour, 3600);
      const bytes = await readUploadedFile(request);
      return storeAnswerPicture(ctx, viewer.id, request.params.id, bytes);
    },
  );

  app.delete(
    '/api/questions/:id/picture',
    { schema: { tags: ['questions'], summary: 'Remove the picture uploaded for your answer to come', params: questionIdParamsSchema } },
    async (request, reply) => {
      await dropAnswerPicture(ctx, requireViewer(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
