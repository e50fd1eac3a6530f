/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the built web app,
 * at the highest levels, once at build time; the server sends them as they are (@fastify/static
 * `preCompressed`), so no request pays for compressing the app (decision 147).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name) && !entry.name.endsWith('.map') && !dir.includes(`${path.sep}.vite`)) {
      const data = fs.readFileSync(file);
      if (data.length < 512) continue;
      const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
}
walk(dist);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`);
