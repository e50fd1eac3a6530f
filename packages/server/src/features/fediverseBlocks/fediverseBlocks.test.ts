import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { remoteActors, remoteFollows, users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { startFederatedApp } from '../../test/federatedApp.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../../test/handBuiltPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import type { TlsServer } from '../../test/tls.js';

/**
 * The operator blocks a whole remote server (a hand-built Mastodon-shaped peer on loopback): its
 * mentions are answered 202 as before and ask nothing, answers are not delivered to its
 * followers, the block is audited; lifting it restores both.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let mo: HandBuiltPeer;
let admin: TestUser;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp());
  mo = await startHandBuiltPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
  admin = await signUpUser(t.app);
  await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await mo?.close();
  await closeApp?.();
});

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const inbox = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items as { text: string }[];

function mention(target: TestUser, text: string) {
  const actor = `${server.origin}/ap/actors/${target.id}`;
  const id = `${mo.origin}/users/mo/statuses/${crypto.randomInt(1e9)}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: mo.actorUri,
    to: [PUBLIC],
    cc: [actor],
    content: `<p>@${target.username} ${text}</p>`,
    tag: [{ type: 'Mention', href: actor }],
  };
  return {
    inbox: `${actor}/inbox`,
    activity: { '@context': 'https://www.w3.org/ns/activitystreams', id: `${id}/activity`, type: 'Create', actor: mo.actorUri, to: [PUBLIC], object: note },
  };
}

describe('blocking a remote server for the whole instance', () => {
  it('drops what it sends (same 202), delivers nothing to it, is audited, and lifts cleanly', async () => {
    const alice = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true });
    // mo follows alice (stored as his server would have it)
    await t.ctx.db.insert(remoteActors).values({ uri: mo.actorUri, inboxUrl: `${mo.actorUri}/inbox`, handle: '@mo@peer', domain: new URL(mo.origin).hostname });
    await t.ctx.db.insert(remoteFollows).values({ userId: alice.id, actorUri: mo.actorUri, followId: `${mo.actorUri}/follows/1` });
    const host = new URL(mo.origin).hostname;

    const blocked = await apiAs(t.app, admin).post('/api/admin/fediverse/blocks', { domain: host.toUpperCase(), reason: 'spam wave' });
    expect(blocked.json()).toEqual({ blocked: true, changed: true });
    expect((await apiAs(t.app, admin).get('/api/admin/fediverse/blocks')).json().items).toEqual([
      expect.objectContaining({ domain: host, reason: 'spam wave' }),
    ]);

    const asked = mention(alice, 'are you there?');
    expect(await mo.send(asked.inbox, asked.activity)).toBe(202);
    expect(await inbox(alice)).toEqual([]);
    expect(await queryRows(t.ctx.db, sql`select id from federation_inbox`)).toEqual([]);

    const asker = await signUpUser(t.app);
    const id = (await apiAs(t.app, asker).post(`/api/users/${alice.username}/questions`, { text: 'for the followers?' })).json().id as string;
    await apiAs(t.app, alice).post(`/api/questions/${id}/answer`, { answer: 'not for a blocked server' });
    await t.ctx.federation!.deliverNow();
    expect(mo.received).toEqual([]);
    const [row] = await queryRows<{ sent: boolean; last_error: string | null }>(
      t.ctx.db,
      sql`select sent, last_error from federation_deliveries where object_id = ${id}`,
    );
    expect(row).toMatchObject({ sent: true });

    const audit = (await apiAs(t.app, admin).get('/api/admin/audit')).json().items as { action: string; target: string; reason: string }[];
    expect(audit[0]).toMatchObject({ action: 'fediverse_server_blocked', target: host, reason: 'spam wave' });

    expect((await apiAs(t.app, admin).delete(`/api/admin/fediverse/blocks/${host}`)).json()).toEqual({ blocked: false, changed: true });
    const again = mention(alice, 'and now?');
    expect(await mo.send(again.inbox, again.activity)).toBe(202);
    expect((await inbox(alice)).map((q) => q.text)).toEqual(['and now?']);
    const second = (await apiAs(t.app, asker).post(`/api/users/${alice.username}/questions`, { text: 'and this one?' })).json().id as string;
    await apiAs(t.app, alice).post(`/api/questions/${second}/answer`, { answer: 'delivered' });
    await t.ctx.federation!.deliverNow();
    expect(mo.received.map((r) => r.verified)).toEqual([true]);
  });

  it('the command line blocks, lists and unblocks, audited as the command line', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    await runCommand(t.ctx, io, 'fediverse-block', ['Bad.Example', 'spam', 'wave']);
    await runCommand(t.ctx, io, 'fediverse-block', ['bad.example']);
    await runCommand(t.ctx, io, 'fediverse-blocks', []);
    await runCommand(t.ctx, io, 'fediverse-unblock', ['bad.example']);
    await runCommand(t.ctx, io, 'fediverse-unblock', ['bad.example']);
    expect(lines[0]).toMatch(/^bad\.example is blocked/);
    expect(lines[1]).toBe('bad.example was already blocked.');
    expect(lines[2]).toMatch(/bad\.example {2}\(spam wave\)$/);
    expect(lines.slice(3)).toEqual(['1 blocked server.', 'bad.example is no longer blocked.', 'bad.example was not blocked.']);
    const entries = await queryRows<{ action: string; actor_username: string }>(
      t.ctx.db,
      sql`select action, actor_username from audit_log where target = 'bad.example' order by created_at`,
    );
    expect(entries).toEqual([
      { action: 'fediverse_server_blocked', actor_username: ':cli' },
      { action: 'fediverse_server_unblocked', actor_username: ':cli' },
    ]);
    await expect(runCommand(t.ctx, io, 'fediverse-block', ['not a name'])).rejects.toThrow(/server name/);
  });
});
