import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, startAskbox, type AskboxProcess } from './askboxProcess.js';

/**
 * What a container stop (or systemd) does: SIGTERM. The live streams end so browsers reconnect
 * elsewhere, the process exits 0 well before a supervisor's kill timeout, and the embedded
 * database's folder is free for the next start.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-faults-shutdown-'));
let server: AskboxProcess | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('ends the live streams, exits 0 within seconds and releases DATA_DIR', { timeout: 600_000 }, async () => {
    server = await startAskbox({ DATA_DIR: dataDir });
    await server.healthy(540_000);
    const { cookie } = await signUp(server.base, 'stream_watcher');
    const stream = await fetch(`${server.base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // the stream is open and has said something

    const exitCode = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    const started = Date.now();
    server.child.kill('SIGTERM');
    // the stream ends (not cut by the process dying: it ends before the exit is reported)
    for (let part = await reader.read().catch(() => ({ done: true })); !part.done; part = await reader.read().catch(() => ({ done: true })));
    expect(await exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.log()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'askbox.lock'))).toBe(false);
  });
});
