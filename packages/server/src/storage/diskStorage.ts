import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KEY_PATTERN, mediaKeyOf, mediaUrlOf, type MediaStorage } from './storage.js';

/** Files under `${DATA_DIR}/media/<key>`, served by the app at `/media/<key>`. */
export function diskStorage(dataDir: string): MediaStorage & { root: string; pathOf(key: string): string | null } {
  const root = path.resolve(dataDir, 'media');
  const pathOf = (key: string) => (MEDIA_KEY_PATTERN.test(key) ? path.join(root, key) : null);
  return {
    root,
    pathOf,
    async put(key, data) {
      const file = pathOf(key);
      if (!file) throw new Error(`refusing to store unexpected key ${key}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // write then rename: a reader never sees half a file
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async delete(key) {
      const file = pathOf(key);
      if (file) await fs.rm(file, { force: true });
    },
    urlOf: mediaUrlOf,
    keyOf: mediaKeyOf,
  };
}
