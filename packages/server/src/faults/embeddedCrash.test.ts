import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../db/open.js';
import { client, signUp, sleep, startAskbox, type AskboxProcess } from './askboxProcess.js';

/**
 * The embedded database killed under writes (SIGKILL), five times: every restart comes up on its
 * first try, and every write that was acknowledged is there.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-faults-embedded-'));
let server: AskboxProcess | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database killed under writes', () => {
  it('starts again on the first try after each of five SIGKILLs, with every acknowledged write', { timeout: 1_200_000 }, async () => {
    server = await startAskbox({ DATA_DIR: dataDir });
    // a new instance first creates its database (initdb): minutes on a busy machine
    await server.healthy(540_000);
    await signUp(server.base, 'embedded_receiver');
    const asker = await signUp(server.base, 'embedded_asker');
    const acknowledged: string[] = [];
    for (let kill = 0; kill < 5; kill++) {
      const ask = client(server.base, asker.cookie);
      let running = true;
      const target = acknowledged.length + 30;
      const load = [0, 1, 2].map(async (n) => {
        for (let i = 0; running; i++) {
          try {
            const response = await ask('/api/users/embedded_receiver/questions', { text: `Question ${kill}.${n}.${i}`, isAnonymous: true });
            if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
          } catch {
            return; // the process died under the request
          }
        }
      });
      while (acknowledged.length < target) await sleep(20);
      server.child.kill('SIGKILL');
      running = false;
      await Promise.all(load);
      await server.stop();
      // the restart must come up by itself: an exit here fails the test
      server = await startAskbox({ DATA_DIR: dataDir });
      await server.healthy();
    }
    await server.stop();
    server = undefined;
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: pgliteExtensions });
    const stored = new Set((await pglite.query<{ id: string }>('select id from questions')).rows.map((row) => row.id));
    await pglite.close();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    console.log(`embedded database: 5 SIGKILLs under writes, each restart up on its first try; ${acknowledged.length} acknowledged questions, all stored`);
  });
});
