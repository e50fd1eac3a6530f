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
});
