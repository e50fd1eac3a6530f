import crypto from 'node:crypto';
import { Create, Mention, Note, PUBLIC_COLLECTION } from '@fedify/fedify';
import { startPeer } from '../test/activityPubPeer.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { startFederatedApp } from '../test/federatedApp.js';
import { type TlsServer } from '../test/tls.js';

/**
 * Every read Askbox makes of another server is signed (decision 355): with a peer that answers
 * reads only when signed, as GoToSocial does (and Mastodon, Misskey and Akkoma in their
 * "authorized fetch" or secure modes), a mention reaches its receiver whichever inbox it came
 * through, and a like is counted. What a shared inbox receives has no recipient: the instance
 * actor signs its reads; what a user's inbox receives is read with that user's key.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp());
});
afterAll(async () => {
  await closeApp?.();
});

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const inbox = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items as { id: string; text: string; remoteSender: unknown }[];
const instanceKey = () => `${server.origin}/ap/actors/instance#main-key`;

/** A peer that reads only signed requests; what it is sent waits for the inbox worker (`receiveNow`). */
async function signedOnlyPeer(): Promise<HandBuiltPeer> {
  const peer = await startHandBuiltPeer({ signedReadsOnly: true });
  onTestFinished(() => peer.close());
  return peer;
}

async function publicUser() {
  const user = await signUpUser(t.app);
  await apiAs(t.app, user).patch('/api/me/settings', { publicProfile: true });
  return { user, actor: `${server.origin}/ap/actors/${user.id}` };
}

/** A post by the peer's account that mentions `target`, as a Create. */
function mention(peer: HandBuiltPeer, target: { actor: string; username: string }, text: string) {
  const id = `${peer.origin}/users/mo/statuses/${crypto.randomInt(1e9)}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: peer.actorUri,
    to: [PUBLIC],
    cc: [`${peer.actorUri}/followers`, target.actor],
    content: `<p><a href="${target.actor}" class="u-url mention">@${target.username}</a> ${text}</p>`,
    tag: [{ type: 'Mention', href: target.actor, name: `@${target.username}@${new URL(server.origin).host}` }],
    published: new Date().toISOString(),
  };
  return {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${id}/activity`,
    type: 'Create',
    actor: peer.actorUri,
    to: note.to,
    cc: note.cc,
    object: note,
  };
}

/** The reads of the peer's full actor document, and whether each was answered. */
const actorReads = (peer: HandBuiltPeer) => peer.reads.filter((read) => read.path === '/users/mo');

describe('reads of a server that answers only signed requests', () => {
  it('a mention delivered to the shared inbox becomes the question: the inbox worker reads its author signed by the instance actor', async () => {
    const peer = await signedOnlyPeer();
    const { user: alice, actor } = await publicUser();

    expect(await peer.send(`${server.origin}/ap/inbox`, mention(peer, { actor, username: alice.username }, 'which book made you cry?'))).toBe(202);
    // the receipt read nothing but the key (the key names its owner): the actor is read by the worker
    expect(actorReads(peer)).toEqual([]);
    await t.ctx.federation!.receiveNow();

    expect((await inbox(alice)).map((q) => q.text)).toEqual(['which book made you cry?']);
    expect(actorReads(peer)).toEqual([{ path: '/users/mo', signedBy: instanceKey(), status: 200 }]);
    // every read it was sent was signed, the key's stub included, and none was refused
    expect(peer.reads.length).toBeGreaterThan(1);
    expect(peer.reads.every((read) => read.signedBy === instanceKey() && read.status === 200)).toBe(true);
  });

  it("a mention delivered to the receiver's own inbox becomes the question: its author is read signed by the receiver's key", async () => {
    const peer = await signedOnlyPeer();
    const { user: bob, actor } = await publicUser();

    expect(await peer.send(`${actor}/inbox`, mention(peer, { actor, username: bob.username }, 'mountains or sea?'))).toBe(202);
    await t.ctx.federation!.receiveNow();

    expect((await inbox(bob)).map((q) => q.text)).toEqual(['mountains or sea?']);
    expect(actorReads(peer)).toEqual([{ path: '/users/mo', signedBy: `${actor}#main-key`, status: 200 }]);
    expect(peer.reads.every((read) => read.signedBy !== null && read.status === 200)).toBe(true);
  });

  it('a like from such a server, to the shared inbox, is counted', async () => {
    const peer = await signedOnlyPeer();
    const { user: carol } = await publicUser();
    const dan = await signUpUser(t.app);
    const { id } = (await apiAs(t.app, dan).post(`/api/users/${carol.username}/questions`, { text: 'Cats or dogs?', isAnonymous: true })).json() as {
      id: string;
    };
    await apiAs(t.app, carol).post(`/api/questions/${id}/answer`, { answer: 'Both.' });
    const likeCount = async () => ((await apiAs(t.app, carol).get(`/api/users/${carol.username}/answers`)).json().items[0] as { likeCount: number }).likeCount;

    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorUri}#likes/1`,
      type: 'Like',
      actor: peer.actorUri,
      object: `${server.origin}/ap/answers/${id}`,
    };
    expect(await peer.send(`${server.origin}/ap/inbox`, like)).toBe(202);
    await t.ctx.federation!.receiveNow();

    expect(await likeCount()).toBe(1);
    expect(actorReads(peer)).toEqual([{ path: '/users/mo', signedBy: instanceKey(), status: 200 }]);
  });

  it('with a Fedify server whose actor (its key with it) is read only signed, as Mastodon in secure mode: a mention to the shared inbox is the question', async () => {
    const peer = await startPeer({ signedReadsOnly: true });
    onTestFinished(() => peer.close());
    const { user: erin } = await publicUser();
    const actor = await peer.lookUp(`${erin.username}@${new URL(server.origin).host}`);
    const bob = new URL(peer.bobUri);
    const id = new URL(`${peer.origin}/notes/${crypto.randomUUID()}`);
    const addressing = { tos: [PUBLIC_COLLECTION], ccs: [actor.id!] };
    const note = new Note({
      id,
      attribution: bob,
      content: 'tea with milk?',
      tags: [new Mention({ href: actor.id!, name: `@${erin.username}` })],
      ...addressing,
    });

    await peer.send(actor, new Create({ id: new URL(`${id.href}/activity`), actor: bob, object: note, ...addressing }), { sharedInbox: true });
    await t.ctx.federation!.receiveNow();

    expect((await inbox(erin)).map((q) => q.text)).toEqual(['tea with milk?']);
    // the key at receipt, then the actor in the worker: both signed by the instance actor, none refused
    expect(peer.actorReads.length).toBeGreaterThan(0);
    expect(peer.actorReads).toEqual(peer.actorReads.map(() => ({ signedBy: instanceKey(), authorized: true })));
  });

  it('the instance actor, whose key signs those reads, is readable unsigned, so other servers can check them', async () => {
    const response = await fetch(`${server.origin}/ap/actors/instance`, { headers: { accept: 'application/activity+json' } });
    expect(response.status).toBe(200);
    const actor = (await response.json()) as { id: string; type: string; inbox: string; publicKey: { id: string; owner: string; publicKeyPem: string } };
    expect(actor).toMatchObject({ id: `${server.origin}/ap/actors/instance`, type: 'Application', publicKey: { id: instanceKey(), owner: actor.id } });
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    // found by WebFinger as Mastodon checks it (`instance` is a reserved username: no account has it)
    const host = new URL(server.origin).host;
    const jrd = (await (await fetch(`${server.origin}/.well-known/webfinger?resource=acct:instance@${host}`)).json()) as {
      links: { rel: string; href?: string }[];
    };
    expect(jrd.links.find((link) => link.rel === 'self')?.href).toBe(actor.id);
    // what is delivered to its inbox is taken as the shared inbox takes it
    const peer = await signedOnlyPeer();
    const like = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${peer.actorUri}#likes/9`, type: 'Like', actor: peer.actorUri, object: actor.id };
    expect(await peer.send(`${actor.id}/inbox`, like)).toBe(202);
    await t.ctx.federation!.receiveNow();
    // its outbox and followers are empty collections, not dead links
    for (const collection of [`${actor.id}/outbox`, `${actor.id}/followers`]) {
      const answer = await fetch(collection, { headers: { accept: 'application/activity+json' } });
      expect(answer.status, collection).toBe(200);
      expect(((await answer.json()) as { totalItems: number }).totalItems).toBe(0);
    }
  });
});
