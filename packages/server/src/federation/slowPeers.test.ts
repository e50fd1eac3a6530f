import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movableClock } from '../clock.js';
import { queryRows } from '../db/sql.js';
import { startFederatedApp, testFederation, type FederatedApp } from '../test/federatedApp.js';
import { startHandBuiltPeer } from '../test/handBuiltPeer.js';
import { startHangingPeer } from '../test/hangingPeer.js';
import { apiAs, signUpUser, type TestUser } from '../test/harness.js';
import { INBOX_LANES_PER_SERVER } from './inbox/queue.js';
import { RECEIPTS_AT_ONCE } from './inbox/receiptGate.js';
import { KEY_WAITS_PER_SERVER } from './servers/remoteServers.js';

/**
 * Peers slow on purpose (decisions 345, 346): a server whose key endpoint never answers, and one
 * whose posts never answer. The inbox answers others while their fetches are pending, a server may
 * hold only so many requests waiting for its keys, the inbox worker keeps lanes for other servers,
 * and a server that fails rests, then is skipped, in both directions.
 */
let fed: FederatedApp | undefined;
const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
  await fed?.close();
  fed = undefined;
});

const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';
const waitFor = (check: () => boolean | Promise<boolean>) => vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 20_000, interval: 20 });

async function publicUser(app: FederatedApp): Promise<TestUser & { actor: string }> {
  const user = await signUpUser(app.t.app);
  await apiAs(app.t.app, user).patch('/api/me/settings', { publicProfile: true });
  return { ...user, actor: `${app.server.origin}/ap/actors/${user.id}` };
}

async function peer<P extends { close(): Promise<void> }>(started: Promise<P>): Promise<P> {
  const p = await started;
  peers.push(p);
  return p;
}

const follow = (from: { actorUri: string }, to: string, n = 1) => ({
  '@context': ACTIVITY_STREAMS,
  id: `${from.actorUri}#follows/${n}`,
  type: 'Follow',
  actor: from.actorUri,
  object: to,
});

const remoteFollowers = async (app: FederatedApp, userId: string) =>
  Number((await queryRows<{ n: number }>(app.t.ctx.db, sql`select count(*)::int as n from remote_follows where user_id = ${userId}`))[0]!.n);

describe('a server whose key endpoint never answers', () => {
  it('holds no place in the inbox: unsigned and legitimate requests are answered while its key fetches are pending; past its share it gets 503; a block stops it before any fetch', async () => {
    // the deadline is the longest there is: the fetches stay pending through the test
    fed = await startFederatedApp({ federation: { ...testFederation, fetchTimeoutSeconds: 15 } });
    const alice = await publicUser(fed);
    const sharedInbox = `${fed.server.origin}/ap/inbox`;
    const hanging = await peer(startHangingPeer({ hang: 'keys' }));
    const mo = await peer(startHandBuiltPeer());

    // more signed-looking posts than the inbox checks at once, each naming another key of the hanging server
    const held = Array.from({ length: KEY_WAITS_PER_SERVER }, (_, i) =>
      hanging.send(
        sharedInbox,
        { '@context': ACTIVITY_STREAMS, id: `${hanging.actorUri(i)}#like`, type: 'Like', actor: hanging.actorUri(i), object: alice.actor },
        i,
      ),
    );
    expect(KEY_WAITS_PER_SERVER).toBeGreaterThan(RECEIPTS_AT_ONCE);
    await waitFor(() => hanging.pending === KEY_WAITS_PER_SERVER);

    const unsigned = await fetch(sharedInbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(follow(mo, alice.actor)),
    });
    expect(unsigned.status).toBe(401);
    expect(await mo.send(`${alice.actor}/inbox`, follow(mo, alice.actor))).toBe(202);
    expect(hanging.pending).toBe(KEY_WAITS_PER_SERVER);

    // its share is taken: refused before the body is read, and nothing more is fetched from it
    const fetchedBefore = hanging.requests.length;
    expect(await hanging.send(sharedInbox, { '@context': ACTIVITY_STREAMS, type: 'Like', actor: hanging.actorUri(99), object: alice.actor }, 99)).toBe(503);
    expect(hanging.requests.length).toBe(fetchedBefore);

    // the operator blocks its server (loopback: every peer here): answered like any other, nothing fetched, its share full or not
    await fed.t.ctx.db.execute(sql`insert into federation_domain_blocks (domain) values ('127.0.0.1')`);
    expect(await hanging.send(sharedInbox, { '@context': ACTIVITY_STREAMS, type: 'Like', actor: hanging.actorUri(100), object: alice.actor }, 100)).toBe(202);
    expect(hanging.requests.length).toBe(fetchedBefore);

    // the server goes away: the waiting posts are unsigned for all anyone can tell
    await hanging.close();
    expect(await Promise.all(held)).toEqual(Array(KEY_WAITS_PER_SERVER).fill(401));
  }, 120_000);

  it('is given up on at the deadline, then rests: its next key is not asked for', async () => {
    fed = await startFederatedApp({ federation: { ...testFederation, fetchTimeoutSeconds: 1 } });
    const alice = await publicUser(fed);
    const hanging = await peer(startHangingPeer({ hang: 'keys' }));
    const like = (i: number) => ({ '@context': ACTIVITY_STREAMS, type: 'Like', actor: hanging.actorUri(i), object: alice.actor });
    expect(await hanging.send(`${fed.server.origin}/ap/inbox`, like(0), 0)).toBe(401);
    await waitFor(() => hanging.pending === 0);
    const asked = hanging.requests.length;
    expect(await hanging.send(`${fed.server.origin}/ap/inbox`, like(1), 1)).toBe(401);
    expect(hanging.requests.length).toBe(asked);
  }, 120_000);
});

describe('a server whose posts never answer', () => {
  it("takes at most two of the inbox worker's lanes: another server's Follow is handled while its fetches hang", async () => {
    fed = await startFederatedApp({ federation: { ...testFederation, fetchTimeoutSeconds: 15 } });
    const alice = await publicUser(fed);
    const hanging = await peer(startHangingPeer({ hang: 'objects' }));
    const mo = await peer(startHandBuiltPeer());
    const accounts = 12;
    for (let i = 0; i < accounts; i++) {
      const create = {
        '@context': ACTIVITY_STREAMS,
        id: `${hanging.actorUri(i)}#create`,
        type: 'Create',
        actor: hanging.actorUri(i),
        object: hanging.objectUri(i),
      };
      expect(await hanging.send(`${alice.actor}/inbox`, create, i)).toBe(202);
    }
    expect(await mo.send(`${alice.actor}/inbox`, follow(mo, alice.actor))).toBe(202);

    const draining = fed.t.ctx.federation!.receiveNow();
    await waitFor(async () => (await remoteFollowers(fed!, alice.id)) === 1);
    // followed while the hanging server's posts were still being fetched, by two lanes, not more
    expect(hanging.pending).toBeGreaterThan(0);
    expect(hanging.pending).toBeLessThanOrEqual(INBOX_LANES_PER_SERVER);
    await hanging.close();
    await draining;
  }, 120_000);

  it('rests after failing: its other activities are not fetched again row by row, and once it has failed for days it is skipped both ways', async () => {
    const clock = movableClock();
    fed = await startFederatedApp({ federation: { ...testFederation, fetchTimeoutSeconds: 1 } }, { clock });
    const alice = await publicUser(fed);
    const hanging = await peer(startHangingPeer({ hang: 'objects' }));
    const inboxUrl = `${alice.actor}/inbox`;
    // one of its accounts follows alice while the server is fine: alice's answers go to it
    expect(await hanging.send(inboxUrl, follow({ actorUri: hanging.actorUri(0) }, alice.actor), 0)).toBe(202);
    await fed.t.ctx.federation!.deliverNow();
    expect(await remoteFollowers(fed, alice.id)).toBe(1);

    for (let i = 1; i <= 6; i++) {
      const create = {
        '@context': ACTIVITY_STREAMS,
        id: `${hanging.actorUri(i)}#create`,
        type: 'Create',
        actor: hanging.actorUri(i),
        object: hanging.objectUri(i),
      };
      expect(await hanging.send(inboxUrl, create, i)).toBe(202);
    }
    const objectFetches = () => hanging.requests.filter((path) => path.startsWith('/objects/')).length;
    await fed.t.ctx.federation!.receiveNow();
    // two lanes tried, missed the deadline; the server rests and the other four were not fetched: kept for later
    expect(objectFetches()).toBe(INBOX_LANES_PER_SERVER);
    const waiting = async () => Number((await queryRows<{ n: number }>(fed!.t.ctx.db, sql`select count(*)::int as n from federation_inbox`))[0]!.n);
    expect(await waiting()).toBe(6);

    // days later, still failing: the probe misses the deadline, and the server is unavailable
    clock.advance(8 * 86_400_000);
    await fed.t.ctx.db.execute(sql`update federation_inbox set next_attempt_at = now()`);
    await fed.t.ctx.federation!.receiveNow();
    // what it sent is dropped, not retried row by row
    await fed.t.ctx.db.execute(sql`update federation_inbox set next_attempt_at = now()`);
    await fed.t.ctx.federation!.receiveNow();
    expect(await waiting()).toBe(0);
    expect(objectFetches()).toBeLessThanOrEqual(INBOX_LANES_PER_SERVER * 2);

    // and nothing is delivered to it: alice's answer to its follower is given up on without a request
    const posts = () => hanging.requests.filter((path) => path.endsWith('/inbox')).length;
    const before = posts();
    const bob = await signUpUser(fed.t.app);
    const question = (await apiAs(fed.t.app, bob).post(`/api/users/${alice.username}/questions`, { text: 'still there?', isAnonymous: true })).json()
      .id as string;
    expect((await apiAs(fed.t.app, alice).post(`/api/questions/${question}/answer`, { answer: 'Yes.' })).statusCode).toBeLessThan(300);
    await fed.t.ctx.federation!.deliverNow();
    const [delivery] = await queryRows<{ attempts: number; lastError: string }>(
      fed.t.ctx.db,
      sql`select attempts, last_error as "lastError" from federation_deliveries where kind = 'create' and inbox_url like ${`${hanging.origin}/%`}`,
    );
    expect(delivery?.lastError).toMatch(/unavailable/);
    expect(posts()).toBe(before);
  }, 120_000);
});
