import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { drizzleOverPglite, pgliteExtensions } from '../db/open.js';
import { migrateDatabase } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Opening and migrating PGlite takes seconds: do it once per run and let each test file load the dump. */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  await migrateDatabase({ kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close: () => pglite.close() });
  const dump = await pglite.dumpDataDir('none');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
