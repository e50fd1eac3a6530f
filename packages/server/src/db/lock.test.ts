import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, DataDirUnusableError } from './lock.js';
import { openDatabase } from './open.js';

describe('the embedded database folder', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is not blocked by a stale lock whose pid now belongs to another process', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-lock-'));
    const other = spawn('sleep', ['30']);
    try {
      // the lock of an Askbox that crashed; its pid was then given to `sleep`, started later
      fs.writeFileSync(path.join(dir, 'askbox.lock'), JSON.stringify({ pid: other.pid, started: '1' }));
      const lock = acquireDataDirLock(dir);
      lock.release();
      // an old-style lock (the pid alone) of a process that is not Node.js is stale too
      fs.writeFileSync(path.join(dir, 'askbox.lock'), String(other.pid));
      acquireDataDirLock(dir).release();
    } finally {
      other.kill();
    }
  });

  it('is refused while the process holding it runs', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-lock-'));
    const held = acquireDataDirLock(dir);
    const copy = fs.readFileSync(path.join(dir, 'askbox.lock'), 'utf8');
    held.release();
    // the same lock, written by another live process: this one, seen from outside
    fs.writeFileSync(
      path.join(dir, 'askbox.lock'),
      copy.replace(`"pid":${process.pid}`, `"pid":${process.ppid}`).replace(/"started":"?\d+"?/, '"started":null'),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('that cannot be made is one line naming it', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-lock-'));
    const notAFolder = path.join(dir, 'file');
    fs.writeFileSync(notAFolder, '');
    const opening = openDatabase({ dataDir: path.join(notAFolder, 'data') });
    await expect(opening).rejects.toThrow(DataDirUnusableError);
    await expect(opening).rejects.toThrow(/^Cannot use .*file\/data as DATA_DIR \(ENOTDIR\)/);
  });
});
