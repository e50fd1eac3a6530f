import { fileURLToPath } from 'node:url';

/**
 * packages/server, found from this module: the same from the TypeScript sources (src/paths.ts)
 * and from the compiled server `npm start` runs (dist/main.js, where this module is bundled in),
 * both one folder below it (decision 187).
 */
export const serverPackageDir = fileURLToPath(new URL('..', import.meta.url));
