import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteActors, remoteFollows } from '../db/schema/index.js';
import { queryRows } from '../db/sql.js';
import { assertPublicHttpsUrl, isPublicAddress } from '../net/outboundAddress.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { testFederation } from '../test/federatedApp.js';

/** Delivery targets are outside addresses: a follower whose inbox is on loopback or a private network gets nothing. */
let t: TestApp;
let requests = 0;
let trap: http.Server;
let trapPort: number;

beforeAll(async () => {
  // a server on loopback that must never be reached
  trap = http.createServer((_req, res) => {
    requests += 1;
    res.end();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapPort = (trap.address() as AddressInfo).port;
  t = await createTestApp({
    publicUrl: 'https://askbox.example',
    federation: { ...testFederation, maxAttempts: 5, allowPrivateAddresses: false },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => trap.close(resolve));
});

describe('the outgoing-address guard', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, multicast and mapped ones', () => {
    for (const address of ['93.184.216.34', '2606:4700::1111', '1.1.1.1', '::ffff:93.184.216.34', '2002:5db8:d822::1', '::ffff:0:5db8:d822'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fec0::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      // IPv4 inside IPv6 in every form that reaches the IPv4 network, hex or dotted
      '::ffff:0:7f00:1',
      '::ffff:0:10.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '0:0:0:0:0:ffff:c0a8:101',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:0101:0:0:0:0:1',
      // outside IPv6 global unicast, or reserved inside it
      'ff02::1',
      'fd00::1',
      'fe80::1%eth0',
      '100::1',
      '5f00::1',
      '3fff::1',
      '2001:2::1',
      '2001:db8::1',
      '::ffff:100.64.0.1',
      '::ffff:0.0.0.0',
      '64:ff9b::8.8.8.8',
      '192.88.99.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts https to public hosts only', async () => {
    await expect(assertPublicHttpsUrl('https://127.0.0.1/inbox')).rejects.toThrow(/not a public address/);
    await expect(assertPublicHttpsUrl('https://[::1]/inbox')).rejects.toThrow(/not a public address/);
    await expect(assertPublicHttpsUrl('http://93.184.216.34/inbox')).rejects.toThrow(/Only https/);
    await expect(assertPublicHttpsUrl('https://user:pw@93.184.216.34/inbox')).rejects.toThrow(/credentials/);
    await expect(assertPublicHttpsUrl('https://localhost/inbox')).rejects.toThrow();
    expect((await assertPublicHttpsUrl('https://93.184.216.34/inbox')).href).toBe('https://93.184.216.34/inbox');
    // tests only: a peer on loopback
    expect((await assertPublicHttpsUrl('https://127.0.0.1:8443/inbox', { allow: 'private' })).port).toBe('8443');
  });

  it('never delivers to a follower whose inbox is on loopback, and gives up on that row', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true });
    const actorUri = `https://127.0.0.1:${trapPort}/users/mallory`;
    await t.ctx.db
      .insert(remoteActors)
      .values({ uri: actorUri, inboxUrl: `https://127.0.0.1:${trapPort}/inbox`, handle: '@mallory@127.0.0.1', domain: '127.0.0.1' });
    await t.ctx.db.insert(remoteFollows).values({ userId: owner.id, actorUri, followId: `${actorUri}/follow` });
    const id = (await apiAs(t.app, asker).post(`/api/users/${owner.username}/questions`, { text: 'where does this go?' })).json().id;
    await apiAs(t.app, owner).post(`/api/questions/${id}/answer`, { answer: 'nowhere' });
    await t.ctx.federation!.deliverNow();
    const [row] = await queryRows<{ sent: boolean; attempts: number; last_error: string }>(
      t.ctx.db,
      sql`select sent, attempts, last_error from federation_deliveries where object_id = ${id}`,
    );
    expect(row).toMatchObject({ sent: false, attempts: 5 });
    expect(row!.last_error).toMatch(/not a public address/);
    expect(requests).toBe(0);
  });
});
