import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from './open.js';

describe('openDatabase: the embedded database', () => {
  let database: Database | undefined;
  let dataDir = '';
  afterEach(async () => {
    await database?.close();
    database = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function sharedBuffers(env: NodeJS.ProcessEnv): Promise<string> {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-open-'));
    const config = loadConfig({ ...env, DATA_DIR: dataDir });
    database = await openDatabase({ dataDir: config.dataDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    const result = await database.pglite.query<{ shared_buffers: string }>('show shared_buffers');
    return result.rows[0]!.shared_buffers;
  }

  it('keeps a 32MB buffer pool in the server by default (decision 188)', async () => {
    expect(await sharedBuffers({})).toBe('32MB');
  });

  it('takes PGLITE_SHARED_BUFFERS when set', async () => {
    expect(await sharedBuffers({ PGLITE_SHARED_BUFFERS: '48MB' })).toBe('48MB');
  });

  it('does not keep the memory that creating a new one took (decision 195)', () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-open-'));
    // in a process of its own: its resident memory once a new database is open, and again for the existing one
    const script = `
      import { openDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'open.ts'))};
      const residentAfterOpening = async () => {
        const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, pgliteSharedBuffers: '32MB' });
        await database.db.execute('select 1');
        const resident = process.memoryUsage().rss / 1048576;
        await database.close();
        return resident;
      };
      const created = await residentAfterOpening();
      const reopened = await residentAfterOpening();
      console.log(JSON.stringify({ created, reopened }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '32768' },
    });
    const { created, reopened } = JSON.parse(output.trim().split('\n').pop()!) as { created: number; reopened: number };
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    // creating the database grows PGlite's WebAssembly memory by ~400 MB, and it is never given
    // back while that instance lives; reopened at once, the database holds what an existing one does
    expect(created).toBeLessThan(reopened + 150);
  }, 60_000);
});
