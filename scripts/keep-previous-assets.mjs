/**
 * Run before each web build: the hashed chunks of the build being replaced move to
 * `dist-previous/assets`, which the server also serves, for 14 days. A tab opened before a deploy
 * loads its screens' chunks lazily; without this they would be gone after the deploy (decision 147).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web');
const current = path.join(web, 'dist/assets');
const previous = path.join(web, 'dist-previous/assets');
const KEEP_MS = 14 * 24 * 3600 * 1000;

fs.mkdirSync(previous, { recursive: true });
if (fs.existsSync(current)) {
  for (const name of fs.readdirSync(current)) {
    const target = path.join(previous, name);
    if (!fs.existsSync(target)) fs.copyFileSync(path.join(current, name), target);
    // the clock starts when a chunk stops being current
    const now = new Date();
    fs.utimesSync(target, now, now);
  }
}
for (const name of fs.readdirSync(previous)) {
  const file = path.join(previous, name);
  if (Date.now() - fs.statSync(file).mtimeMs > KEEP_MS) fs.rmSync(file);
}
