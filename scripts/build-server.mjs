// Compiles the server for `npm start`: the TypeScript sources and @askbox/common bundled into
// packages/server/dist/main.js, the npm dependencies left as imports. Running compiled code
// instead of the tsx loader keeps ~85 MB out of the server's memory (decision 187).
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

export async function buildServer() {
  const result = await esbuild.build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [dependenciesStayImports],
    logLevel: 'warning',
    write: false,
  });
  // written beside and renamed into place (map first): two `npm start`s at once never run a half-written file
  fs.mkdirSync(path.dirname(serverEntry), { recursive: true });
  for (const file of result.outputFiles.sort((a, b) => Number(a.path === serverEntry) - Number(b.path === serverEntry))) {
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  await buildServer();
  console.log(`Server compiled: ${path.relative(root, serverEntry)}`);
}
