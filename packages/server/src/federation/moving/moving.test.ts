import { Accept, Move } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startPeer, type Peer } from '../../test/activityPubPeer.js';
import { startHandBuiltPeer } from '../../test/handBuiltPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { startFederatedApp } from '../../test/federatedApp.js';
import type { TlsServer } from '../../test/tls.js';

/**
 * Moving an account with a real ActivityPub peer (an independent Fedify server): naming an old
 * account puts it in our actor's alsoKnownAs; moving to the peer's carol, once she names our
 * actor, sends a Move to the follower bob's server and our actor then says movedTo.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let peer: Peer;
let peerHost: string;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp());
  peer = await startPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
  peerHost = new URL(peer.origin).host;
});
afterAll(async () => {
  await peer?.close();
  await closeApp?.();
});

const deliver = () => t.ctx.federation!.deliverNow();
const actorUri = (user: TestUser) => `${server.origin}/ap/actors/${user.id}`;
/** Our actor document as any server reads it now (not through a cache). */
const actorDocument = async (user: TestUser) =>
  (await (await fetch(actorUri(user), { headers: { accept: 'application/activity+json' } })).json()) as Record<string, unknown>;
const publicUser = async () => {
  const user = await signUpUser(t.app);
  expect((await apiAs(t.app, user).patch('/api/me/settings', { publicProfile: true })).statusCode).toBe(200);
  return user;
};
const moves = () => peer.received.filter((activity): activity is Move => activity instanceof Move);

describe('moving an account on the fediverse', () => {
  it('names an old account: our actor says alsoKnownAs it, until it is removed', async () => {
    const alice = await publicUser();
    const added = await apiAs(t.app, alice).post('/api/me/moving/aliases', { handle: `@bob@${peerHost}` });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ aliases: [{ handle: `@bob@${peerHost}`, uri: peer.bobUri }], movedTo: null, movedAt: null });
    expect((await actorDocument(alice)).alsoKnownAs).toBe(peer.bobUri);

    const removed = await apiAs(t.app, alice).delete(`/api/me/moving/aliases?uri=${encodeURIComponent(peer.bobUri)}`);
    expect(removed.json().aliases).toEqual([]);
    expect((await actorDocument(alice)).alsoKnownAs).toBeUndefined();
  });

  it('keeps both of two old accounts named at once', async () => {
    const alice = await publicUser();
    const handles = [`@bob@${peerHost}`, `@carol@${peerHost}`];
    await Promise.all(handles.map((handle) => apiAs(t.app, alice).post('/api/me/moving/aliases', { handle })));
    const { aliases } = (await apiAs(t.app, alice).get('/api/me/moving')).json() as { aliases: { uri: string }[] };
    expect(aliases.map((alias) => alias.uri).sort()).toEqual([peer.bobUri, peer.carolUri].sort());
  });

  it('refuses a name no server knows, and a private profile', async () => {
    const alice = await publicUser();
    const unknown = await apiAs(t.app, alice).post('/api/me/moving/aliases', { handle: `@nobody@${peerHost}` });
    expect(unknown.json().error.code).toBe('remote_account_not_found');
    const invalid = await apiAs(t.app, alice).post('/api/me/moving/aliases', { handle: 'bob' });
    expect(invalid.json().error.code).toBe('fediverse_handle_invalid');
    const hidden = await signUpUser(t.app);
    const refused = await apiAs(t.app, hidden).post('/api/me/moving/aliases', { handle: `@bob@${peerHost}` });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'fediverse_needs_public_profile']);
  });

  it('moves to an account that names ours: a Move reaches the follower, our actor says movedTo, once in 30 days', async () => {
    const alice = await publicUser();
    await peer.follow(await peer.lookUp(`${alice.username}@${new URL(server.origin).host}`));
    await deliver();
    expect(peer.received.some((activity) => activity instanceof Accept && activity.actorId?.href === actorUri(alice))).toBe(true);
    peer.setCarolAliases([actorUri(alice)]);

    const wrongPassword = await apiAs(t.app, alice).post('/api/me/moving/move', { handle: `@carol@${peerHost}`, password: 'not it' });
    expect(wrongPassword.json().error.code).toBe('wrong_password');
    const moved = await apiAs(t.app, alice).post('/api/me/moving/move', { handle: `@carol@${peerHost}`, password: 'correct horse' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ movedTo: { handle: `@carol@${peerHost}`, uri: peer.carolUri } });
    await deliver();

    const move = moves().find((activity) => activity.actorId?.href === actorUri(alice));
    expect(move).toBeDefined();
    expect(move!.objectId?.href).toBe(actorUri(alice));
    expect(move!.targetId?.href).toBe(peer.carolUri);
    expect((await actorDocument(alice)).movedTo).toBe(peer.carolUri);
    // the profile says so, to anyone signed in
    const viewer = await signUpUser(t.app);
    expect((await apiAs(t.app, viewer).get(`/api/users/${alice.username}`)).json().user.movedTo).toBe(`@carol@${peerHost}`);

    const again = await apiAs(t.app, alice).post('/api/me/moving/move', { handle: `@carol@${peerHost}`, password: 'correct horse' });
    expect([again.statusCode, again.json().error.code]).toEqual([429, 'move_too_soon']);
  });

  it('refuses a new account that does not name ours, and sends nothing', async () => {
    const dave = await publicUser();
    await peer.follow(await peer.lookUp(`${dave.username}@${new URL(server.origin).host}`));
    peer.setCarolAliases([peer.bobUri]);
    const refused = await apiAs(t.app, dave).post('/api/me/moving/move', { handle: `@carol@${peerHost}`, password: 'correct horse' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'move_target_not_aliased']);
    await deliver();
    expect(moves().filter((activity) => activity.actorId?.href === actorUri(dave))).toEqual([]);
    expect((await actorDocument(dave)).movedTo).toBeUndefined();
    expect((await apiAs(t.app, dave).get('/api/me/moving')).json()).toEqual({ aliases: [], movedTo: null, movedAt: null });
  });
});

describe('moving to an account on a Mastodon-shaped server that answers only signed reads', () => {
  it("reads the new account signed by the mover's key, and its inbox verifies the Move", async () => {
    const mastodon = await startHandBuiltPeer({ signedReadsOnly: true, afterSend: () => t.ctx.federation!.receiveNow() });
    onTestFinished(() => mastodon.close());
    const moHandle = `@mo@${new URL(mastodon.origin).host}`;
    const alice = await publicUser();
    // mo follows alice, then names her as an old account: alice moves there
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${mastodon.actorUri}#follows/1`,
      type: 'Follow',
      actor: mastodon.actorUri,
      object: actorUri(alice),
    };
    expect(await mastodon.send(`${server.origin}/ap/inbox`, follow)).toBe(202);
    await deliver();

    const refused = await apiAs(t.app, alice).post('/api/me/moving/move', { handle: moHandle, password: 'correct horse' });
    expect(refused.json().error.code).toBe('move_target_not_aliased');
    mastodon.setAliases([actorUri(alice)]);
    const moved = await apiAs(t.app, alice).post('/api/me/moving/move', { handle: moHandle, password: 'correct horse' });
    expect(moved.json().movedTo).toEqual({ handle: moHandle, uri: mastodon.actorUri });
    await deliver();

    expect(mastodon.reads.filter((read) => read.path === '/users/mo').at(-1)).toEqual({
      path: '/users/mo',
      signedBy: `${actorUri(alice)}#main-key`,
      status: 200,
    });
    const move = mastodon.received.find(({ activity }) => activity.type === 'Move');
    expect(move?.verified).toBe(true);
    expect(move?.activity).toMatchObject({ actor: actorUri(alice), object: actorUri(alice), target: mastodon.actorUri });
  });
});
