import type { Config } from '../config.js';
import { diskStorage } from './diskStorage.js';
import { s3Storage } from './s3Storage.js';
import type { MediaStorage } from './storage.js';

export type { MediaStorage } from './storage.js';

/** The configured backend: the local disk (default) or an S3-compatible bucket (STORAGE=s3). */
export function createStorage(config: Config): MediaStorage {
  switch (config.storage.driver) {
    case 'disk':
      return diskStorage(config.storage.diskDir ?? config.dataDir);
    case 's3':
      return s3Storage(config.storage.s3!);
  }
}
