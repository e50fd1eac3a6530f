import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliMain } from '../cli.js';
import { client, signUp, startAskbox, type AskboxProcess } from './askboxProcess.js';

/**
 * `npm run cli -- backup FILE` while the server runs on the embedded database: the CLI cannot open
 * the folder the server holds, so the server writes the snapshot on request (decision 297). What a
 * user did just before is in it; the server keeps answering; restoring it brings that back.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-faults-backup-'));
const dataDir = path.join(root, 'live');
const restoredDir = path.join(root, 'restored');
const archive = path.join(root, 'askbox.tar.gz');
const servers: AskboxProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const io = () => {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
};

describe('a backup of the embedded database while the server runs', () => {
  it('is taken by the running server on request, and restores what was there', { timeout: 600_000 }, async () => {
    const live = await startAskbox({ DATA_DIR: dataDir });
    servers.push(live);
    await live.healthy(540_000);
    const { cookie } = await signUp(live.base, 'kept_in_backup');
    const asked = await client(live.base, cookie)('/api/users/kept_in_backup/questions', { text: 'Still there after a restore?', isAnonymous: true });
    expect(asked.status).toBe(201);

    const backup = io();
    expect(await cliMain(['backup', archive], { DATA_DIR: dataDir }, backup.io)).toBe(0);
    expect(backup.lines.join('\n')).toMatch(/Askbox is running \(pid \d+\): it writes the snapshot/);
    expect(fs.existsSync(archive)).toBe(true);
    expect(live.log()).toContain('database snapshot written for a backup');
    // the server went on serving
    expect((await client(live.base, cookie)('/api/me')).status).toBe(200);

    const restore = io();
    expect(await cliMain(['restore', archive], { DATA_DIR: restoredDir }, restore.io)).toBe(0);
    const restored = await startAskbox({ DATA_DIR: restoredDir });
    servers.push(restored);
    await restored.healthy(540_000);
    const login = await client(restored.base)('/api/auth/login', { email: 'kept_in_backup@example.test', password: 'violet tractor 42' });
    expect(login.status).toBe(200);
    const session = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const inbox = await (await client(restored.base, session)('/api/me/inbox')).json();
    expect(JSON.stringify(inbox)).toContain('Still there after a restore?');
  });
});
