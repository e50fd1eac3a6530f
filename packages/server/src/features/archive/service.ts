import type { AppContext } from '../../context.js';
import { buildArchive } from './exportArchive.js';
import { packArchive } from './format.js';

export { latestImport, startImport } from './importArchive.js';
export { createImportWorker } from './worker.js';

/** The account's archive as one tar.gz file, with the name it downloads under. */
export async function exportArchive(ctx: AppContext, userId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const { files, exportedAt, username } = await buildArchive(ctx, userId);
  return { bytes: packArchive(files), fileName: `askbox-${username}-${exportedAt.toISOString().slice(0, 10)}.tar.gz` };
}
