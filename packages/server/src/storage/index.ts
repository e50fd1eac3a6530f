import type { Config } from '../config.js';
import { diskStorage } from './diskStorage.js';
import type { MediaStorage } from './storage.js';

export type { MediaStorage } from './storage.js';

/** The configured backend. Only the local disk exists today; an S3 backend implements the same interface. */
export function createStorage(config: Config): MediaStorage {
  switch (config.storage.driver) {
    case 'disk':
      return diskStorage(config.storage.diskDir ?? config.dataDir);
  }
}
