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

  it('is not blocked by a killed owner that is still a zombie, not yet reaped by its parent', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-lock-'));
    // `sh` starts the owner, then becomes `sleep`, which never reaps it: once killed, it stays a zombie
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60']);
    try {
      const owner = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      const started = fs.readFileSync(`/proc/${owner}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
      fs.writeFileSync(path.join(dir, 'askbox.lock'), JSON.stringify({ pid: owner, started }));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      process.kill(owner, 'SIGKILL');
      while (!/^Z/.test(fs.readFileSync(`/proc/${owner}/stat`, 'utf8').split(') ')[1] ?? '')) await new Promise((r) => setTimeout(r, 10));
      acquireDataDirLock(dir).release();
    } finally {
      parent.kill();
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
