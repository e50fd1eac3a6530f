import { MAX_ARCHIVE_BYTES, accountImportSchema, latestImportSchema } from '@askbox/common';
import type { ServerContext } from '../../context.js';
import { readUploadedFile } from '../../http/uploadedFile.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { requireFreshSecondFactor } from '../twoFactor/service.js';
import { exportArchive, latestImport, startImport } from './service.js';

export async function archiveRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/me/archive',
    {
      schema: {
        tags: ['account'],
        summary:
          'Download your account archive (tar.gz: archive.json and its pictures, docs/archive-format.md) to move to another instance; a fresh second factor when two-factor sign-in is on',
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      const { bytes, fileName } = await exportArchive(ctx, viewer.id);
      reply.header('content-type', 'application/gzip');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(bytes);
    },
  );

  app.post(
    '/api/me/imports',
    {
      schema: {
        tags: ['account'],
        summary: 'Import an account archive (multipart field "file"): checked at once, then imported in the background',
        consumes: ['multipart/form-data'],
        response: { 202: accountImportSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      // an archive is an upload: it counts in the same hourly limit as pictures (UPLOAD_RATE_LIMIT)
      await consumeRateLimit(ctx.db, accountRateLimitKey.upload(viewer.id), ctx.config.rateLimits.uploadsPerHour, 3600);
      const bytes = await readUploadedFile(request, { bytes: MAX_ARCHIVE_BYTES, code: 'archive_too_large' });
      const job = await startImport(ctx, viewer.id, bytes);
      void ctx.archiveImports.kick();
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/api/me/imports/latest',
    { schema: { tags: ['account'], summary: 'Your latest archive import and its progress (null when there was none)', response: { 200: latestImportSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      return { import: await latestImport(ctx, viewer.id) };
    },
  );
}
