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
      // write then rename: a reader never sees half a file
      const temp = `${file}.${process.pid}.tmp`;
      const write = async () => {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, data);
      };
      // a deletion emptying the folder at that moment removes it: make it again once
      await write().catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? write() : Promise.reject(error)));
      await fs.rename(temp, file);
    },
    async get(key) {
      const file = pathOf(key);
      if (!file) return null;
      return fs.readFile(file).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
    },
    async delete(key) {
      const file = pathOf(key);
      if (!file) return;
      await fs.rm(file, { force: true });
      // an account's folder goes with its last file: not even its id stays behind (fails while not empty)
      await fs.rmdir(path.dirname(file)).catch(() => undefined);
    },
    urlOf: mediaUrlOf,
    keyOf: mediaKeyOf,
  };
}
