import fs from 'node:fs';
import type { AppContext } from '../context.js';
import type { AppInstance } from '../app.js';
import { diskStorage } from './diskStorage.js';

/** Serves the disk backend's files at /media/<key>. Keys carry a timestamp, so a URL never changes content. */
export async function mediaRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.storage.driver !== 'disk') return;
  const disk = diskStorage(ctx.config.storage.diskDir ?? ctx.config.dataDir);
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = disk.pathOf(key);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) return reply.status(404).send({ error: { code: 'not_found', message: 'No such file' } });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type('image/jpeg')
      .send(fs.createReadStream(file));
  });
}
