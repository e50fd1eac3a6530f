import fs from 'node:fs';
import type { AppContext } from '../context.js';
import { sendError } from '../http/errors.js';
import type { AppInstance } from '../http/types.js';
import { diskStorage } from './diskStorage.js';
import { s3Storage } from './s3Storage.js';
import { MEDIA_KEY_PATTERN } from './storage.js';

/**
 * GET /media/<key>: the disk backend's files, served by the app; the S3 backend's, by a redirect
 * to the bucket (public URL or signed link). Keys carry a timestamp, so a URL never changes content.
 */
export async function mediaRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const { storage } = ctx.config;
  if (storage.driver === 's3') {
    const s3 = s3Storage(storage.s3!);
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!MEDIA_KEY_PATTERN.test(key)) return sendError(reply, 'file_not_found');
      const { url, maxAgeSeconds } = await s3.locationOf(key);
      return reply.header('cache-control', `private, max-age=${maxAgeSeconds}`).redirect(url, 302);
    });
    return;
  }
  const disk = diskStorage(storage.diskDir ?? ctx.config.dataDir);
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = disk.pathOf(key);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) return sendError(reply, 'file_not_found');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type('image/jpeg')
      .send(fs.createReadStream(file));
  });
}
