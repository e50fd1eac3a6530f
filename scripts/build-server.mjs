// Compiles the server for `npm start`: the TypeScript sources and @askbox/common bundled into
// packages/server/dist/main.js, the npm dependencies left as imports. Running compiled code
// instead of the tsx loader keeps ~85 MB out of the server's memory (decision 187). What the
// sources load with `import()` (ActivityPub's Fedify, the S3 client) becomes chunks of its own
// beside main.js, so it is read only when first used (decision 195).
//   node scripts/build-server.mjs   (also part of `npm run build`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverDir = path.join(root, 'packages/server');
export const serverEntry = path.join(serverDir, 'dist/main.js');

/** The newest modification time of a file or anything under a folder (ms). */
export function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/main.js is missing or older than anything it is made from. */
export function serverBuildIsStale() {
  if (!fs.existsSync(serverEntry)) return true;
  const sources = [path.join(serverDir, 'src'), path.join(serverDir, 'package.json'), path.join(root, 'packages/common/src'), fileURLToPath(import.meta.url)];
  return Math.max(...sources.map(newestMtime)) > fs.statSync(serverEntry).mtimeMs;
}

/** Our own packages (@askbox/…) are TypeScript: bundle them; every other package stays an import. */
const dependenciesStayImports = {
  name: 'dependencies-stay-imports',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@askbox/') ? undefined : { path: args.path, external: true }));
  },
};

/** The compiled server's files (main.js, its chunks and source maps) in memory, as if written to `outdir`. */
export async function compileServer(outdir = path.dirname(serverEntry)) {
  const result = await esbuild.build({
    // the card-drawing threads' code is an entry of its own: a thread starts from a file
    entryPoints: [path.join(serverDir, 'src/main.ts'), path.join(serverDir, 'src/features/cards/cardWorker.ts')],
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]', // beside main.js: paths.ts finds packages/server one folder up from any of them
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [dependenciesStayImports],
    logLevel: 'warning',
    write: false,
  });
  return result.outputFiles;
}

export async function buildServer() {
  const outputFiles = await compileServer();
  // written beside and renamed into place (map first): two `npm start`s at once never run a half-written file
  fs.mkdirSync(path.dirname(serverEntry), { recursive: true });
  // chunks first, main.js last: chunk names carry a hash of their content, so the new main.js only
  // ever imports complete files
  const rank = (file) => (file.path === serverEntry ? 2 : file.path.startsWith(serverEntry) ? 1 : 0);
  for (const file of outputFiles.sort((a, b) => rank(a) - rank(b))) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  removeStaleChunks(new Set(outputFiles.map((file) => file.path)));
}

/** Chunks of earlier builds, once they are a day old (a server still running an earlier build may yet load one). */
function removeStaleChunks(current) {
  const distDir = path.dirname(serverEntry);
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of fs.readdirSync(distDir)) {
    const file = path.join(distDir, name);
    if (!current.has(file) && /-[A-Z0-9]{8}\.js(\.map)?$/.test(name) && fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  await buildServer();
  console.log(`Server compiled: ${path.relative(root, serverEntry)}`);
}
