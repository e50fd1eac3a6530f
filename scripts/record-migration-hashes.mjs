// Records the sha-256 of each committed migration that is not recorded yet
// (packages/server/drizzle/hashes.json). A recorded migration is never edited: the test
// packages/server/src/db/migrations.test.ts fails when one changes; a change is a new migration.
//   node scripts/record-migration-hashes.mjs   (after `npm run db:generate` and editing the new file)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'packages/server/drizzle');
const record = path.join(folder, 'hashes.json');

export const migrationHash = (file) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(folder, file)))
    .digest('hex');

const recorded = fs.existsSync(record) ? JSON.parse(fs.readFileSync(record, 'utf8')) : {};
const added = [];
for (const file of fs
  .readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort()) {
  if (recorded[file]) continue;
  recorded[file] = migrationHash(file);
  added.push(file);
}
const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(record, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(added.length ? `recorded ${added.join(', ')}` : 'every migration was recorded already');
