import { Accept, Announce, Create, Delete, Like, Note, Person, Reject, Update } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_BLOCKS_MAX } from '@askbox/common';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { queryRows } from '../db/sql.js';
import { startPeer, type Peer } from '../test/activityPubPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { startFederatedApp, testFederation } from '../test/federatedApp.js';
import { testCertificate, type TlsServer } from '../test/tls.js';

/**
 * ActivityPub against a real peer: an independent Fedify server on loopback looks an Askbox
 * user up by WebFinger, follows, gets the Accept, then signed Creates, Updates and Deletes, and
 * unfollows. Both sides verify HTTP Signatures; both speak https with a test certificate.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let peer: Peer;
let host: string;
const federationConfig = { ...testFederation, maxAttempts: 4 };

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp({ federation: federationConfig }));
  host = new URL(server.origin).host;
  peer = await startPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
});
afterAll(async () => {
  await peer?.close();
  await closeApp?.();
});

const deliver = () => t.ctx.federation!.deliverNow();
const makePublic = (user: TestUser, on = true) => apiAs(t.app, user).patch('/api/me/settings', { publicProfile: on });
const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).json().id as string;
const answer = (by: TestUser, id: string, text: string) => apiAs(t.app, by).post(`/api/questions/${id}/answer`, { answer: text });
const followersCount = async (viewer: TestUser, of: TestUser) =>
  (await apiAs(t.app, viewer).get(`/api/users/${of.username}`)).json().counts.followers as number;
const ofType = <T>(type: new (...args: never[]) => T) => peer.received.filter((a): a is T & (typeof peer.received)[number] => a instanceof type);

describe('federation with a real ActivityPub peer', () => {
  it('looks up, follows, receives signed answers, updates and deletions, and unfollows; the anonymous sender is in no activity', async () => {
    const alice = await signUpUser(t.app, { fullname: 'Alice Askbox' });
    const sender = await signUpUser(t.app, { username: `secret_${Date.now() % 100000}`, fullname: 'Very Secret Sender' });
    const viewer = await signUpUser(t.app);

    // private by default: nothing to look up
    await expect(peer.lookUp(`${alice.username}@${host}`)).rejects.toThrow(/WebFinger found no actor/);
    expect((await makePublic(alice)).statusCode).toBe(200);

    const actor = await peer.lookUp(`${alice.username}@${host}`);
    expect(actor.preferredUsername?.toString()).toBe(alice.username);
    expect(actor.name?.toString()).toBe('Alice Askbox');
    expect(actor.inboxId).not.toBeNull();
    const publicKey = await actor.getPublicKey();
    expect(publicKey?.publicKey).toBeDefined();

    const follow = await peer.follow(actor);
    expect(await followersCount(viewer, alice)).toBe(1);
    await deliver();
    const [accept] = ofType(Accept);
    expect(accept).toBeDefined();
    expect(accept!.actorId?.href).toBe(actor.id!.href);
    expect((await accept!.getObject())?.id?.href).toBe(follow.id!.href);
    // the followers list shows bob, marked remote
    const remote = (await apiAs(t.app, viewer).get(`/api/users/${alice.username}/remote-followers`)).json().items;
    expect(remote).toEqual([expect.objectContaining({ uri: peer.bobUri, handle: `@bob@${new URL(peer.origin).host}`, name: 'Bob from the peer' })]);

    // a new answer to an anonymous question: a signed Create(Note) quoting the question
    const questionId = await ask(sender, alice, 'What is your favourite fediverse server?');
    await answer(alice, questionId, 'The one my friends are on.');
    await deliver();
    const [create] = ofType(Create);
    expect(create).toBeDefined();
    const note = await create!.getObject();
    expect(note).toBeInstanceOf(Note);
    const content = (note as Note).content?.toString() ?? '';
    // the question is the content warning ('question as content warning' is on by default)
    expect((note as Note).summary?.toString()).toBe('What is your favourite fediverse server?');
    expect(content).toContain('The one my friends are on.');
    expect(content).toContain('Anonymous asked:');
    expect(content).toContain(`${server.origin}/u/${alice.username}/answers/${questionId}`);
    expect((note as Note).attributionId?.href).toBe(actor.id!.href);

    // the answer's Note is also served on its own, and in the paged outbox
    const fetched = await peer.context().lookupObject(note!.id!.href);
    expect(fetched).toBeInstanceOf(Note);
    const outbox = await (await actor.getOutbox())?.getFirst();
    expect(outbox).toBeTruthy();

    // a profile edit: Update(Person)
    await apiAs(t.app, alice).patch('/api/me/profile', { fullname: 'Alice Renamed', bio: 'Hello fediverse', website: '' });
    await deliver();
    const [update] = ofType(Update);
    expect(((await update!.getObject()) as Person).name?.toString()).toBe('Alice Renamed');

    // deleting the answer: Delete of the Note
    expect((await apiAs(t.app, alice).delete(`/api/questions/${questionId}`)).statusCode).toBe(204);
    await deliver();
    const [deletion] = ofType(Delete);
    expect(deletion!.objectId?.href).toBe(note!.id!.href);

    // unfollow: the follow ends, and new answers reach nobody
    await peer.unfollow(follow);
    expect(await followersCount(viewer, alice)).toBe(0);
    const before = peer.received.length;
    await answer(alice, await ask(sender, alice, 'Still there?'), 'Yes');
    await deliver();
    expect(peer.received.length).toBe(before);

    // every inbox POST was signed well enough for the peer's Fedify to accept it
    expect(peer.inboxStatuses.every((status) => status === 202)).toBe(true);
    for (const body of peer.rawBodies) {
      expect(body).not.toContain(sender.id);
      expect(body).not.toContain(sender.username);
      expect(body).not.toContain('Very Secret Sender');
      expect(body).not.toContain(sender.email);
    }
    expect(peer.rawBodies.length).toBeGreaterThanOrEqual(4);
  });

  it("names a named asker only when the asker's own profile is public", async () => {
    const [owner, privateAsker, publicAsker] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await makePublic(owner);
    await makePublic(publicAsker);
    const actor = await peer.lookUp(`${owner.username}@${host}`);
    await peer.follow(actor);
    await answer(owner, await ask(privateAsker, owner, 'from a private profile', false), 'first');
    await answer(owner, await ask(publicAsker, owner, 'from a public profile', false), 'second');
    await deliver();
    const notes = await Promise.all(
      ofType(Create)
        .slice(-2)
        .map(async (c) => {
          const note = (await c.getObject()) as Note;
          return `${note.summary?.toString() ?? ''} ${note.content?.toString() ?? ''}`;
        }),
    );
    const privateOne = notes.find((c) => c.includes('from a private profile'))!;
    const publicOne = notes.find((c) => c.includes('from a public profile'))!;
    expect(privateOne).toContain('Anonymous asked:');
    expect(privateOne).not.toContain(privateAsker.username);
    expect(publicOne).toContain(`@${publicAsker.username} asked:`);
  });

  it("turning 'Public profile' off sends Delete for every answer and takes the actor down", async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const actor = await peer.lookUp(`${owner.username}@${host}`);
    await peer.follow(actor);
    const ids = [await ask(asker, owner, 'one?'), await ask(asker, owner, 'two?')];
    for (const id of ids) await answer(owner, id, 'answered');
    await deliver();
    const deletesBefore = ofType(Delete).length;

    await makePublic(owner, false);
    await deliver();
    const deleted = ofType(Delete)
      .slice(deletesBefore)
      .map((d) => d.objectId?.href);
    expect(deleted.sort()).toEqual(ids.map((id) => `${server.origin}/ap/answers/${id}`).sort());
    // nothing is exposed any more: actor, WebFinger, the Note, the Atom feed
    expect((await t.app.inject({ url: new URL(actor.id!.href).pathname, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/.well-known/webfinger?resource=acct:${owner.username}@${host}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/ap/answers/${ids[0]}`, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/u/${owner.username}/feed.atom` })).statusCode).toBe(404);
    // and new answers go nowhere while it is off
    const count = peer.received.length;
    await answer(owner, await ask(asker, owner, 'three?'), 'quiet');
    await deliver();
    expect(peer.received.length).toBe(count);
  });

  it('deleting a public account sends a signed actor Delete to its remote followers, then keeps nothing of it', async () => {
    const leaver = await signUpUser(t.app, { password: 'leaving for good' });
    await makePublic(leaver);
    const actor = await peer.lookUp(`${leaver.username}@${host}`);
    await peer.follow(actor);
    await deliver();
    const before = peer.received.length;

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie }, payload: { password: 'leaving for good' } });
    expect(gone.statusCode).toBe(204);
    // queued with the signing key it needs, since the account and its keys are gone
    expect(await queryRows(t.ctx.db, sql`select 1 from federation_farewells where actor_uri = ${actor.id!.href}`)).toHaveLength(1);
    await deliver();

    const deletes = peer.received.slice(before).filter((a) => a instanceof Delete);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.actorId?.href).toBe(actor.id!.href);
    expect(deletes[0]!.objectId?.href).toBe(actor.id!.href);
    expect(peer.inboxStatuses.at(-1)).toBe(202);
    // delivered: the last trace (actor URI and private key) is gone too
    expect(await queryRows(t.ctx.db, sql`select 1 from federation_farewells`)).toHaveLength(0);
    expect((await t.app.inject({ url: new URL(actor.id!.href).pathname, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
  });

  it('deleting a private account (or one nobody follows from afar) sends nothing', async () => {
    const quiet = await signUpUser(t.app, { password: 'quiet leaver pw' });
    await makePublic(quiet);
    await peer.follow(await peer.lookUp(`${quiet.username}@${host}`));
    await makePublic(quiet, false);
    await deliver();
    const before = peer.received.length;
    await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: quiet.cookie }, payload: { password: 'quiet leaver pw' } });
    expect(await queryRows(t.ctx.db, sql`select 1 from federation_farewells`)).toHaveLength(0);
    await deliver();
    expect(peer.received.length).toBe(before);
  });

  it('counts remote likes, stores boosts and ignores replies, answering nothing back', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const actor = await peer.lookUp(`${owner.username}@${host}`);
    const id = await ask(asker, owner, 'like me from afar?');
    await answer(owner, id, 'sure');
    const note = new URL(`${server.origin}/ap/answers/${id}`);
    const bob = new URL(peer.bobUri);
    const statuses = peer.inboxStatuses.length;
    // each send throws unless the inbox answers 2xx
    await peer.send(actor, new Like({ id: new URL(`${peer.origin}/likes/${id}`), actor: bob, object: note }));
    await peer.send(actor, new Announce({ id: new URL(`${peer.origin}/boosts/${id}`), actor: bob, object: note }));
    const reply = new Note({ id: new URL(`${peer.origin}/notes/${id}`), attribution: bob, content: 'a reply from afar', replyTarget: note });
    await peer.send(actor, new Create({ id: new URL(`${peer.origin}/notes/${id}/create`), actor: bob, object: reply }));
    expect(peer.inboxStatuses.length).toBe(statuses); // Askbox answered nothing back
    const [post] = (await apiAs(t.app, owner).get(`/api/users/${owner.username}/answers`)).json().items;
    expect(post).toMatchObject({ id, likeCount: 1 });
    expect(await followersCount(owner, owner)).toBe(0);
  });

  it('refuses inbox activities without a valid HTTP Signature by their actor', async () => {
    const owner = await signUpUser(t.app);
    await makePublic(owner);
    const inbox = `/ap/actors/${owner.id}/inbox`;
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Follow',
      id: `${peer.origin}/forged`,
      actor: peer.bobUri,
      object: `${server.origin}/ap/actors/${owner.id}`,
    };
    const unsigned = await t.app.inject({
      method: 'POST',
      url: inbox,
      headers: { 'content-type': 'application/activity+json' },
      payload: JSON.stringify(follow),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await followersCount(owner, owner)).toBe(0);
  });

  it('blocking a remote account or its whole server ends the follow there too (Reject) and refuses new follows', async () => {
    const owner = await signUpUser(t.app);
    await makePublic(owner);
    const actor = await peer.lookUp(`${owner.username}@${host}`);
    await peer.follow(actor);
    expect(await followersCount(owner, owner)).toBe(1);
    await deliver();
    const rejectsBefore = ofType(Reject).length;

    const blocked = await apiAs(t.app, owner).post('/api/me/remote-blocks', { kind: 'actor', target: peer.bobUri });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().items).toEqual([{ kind: 'actor', target: peer.bobUri, handle: `@bob@${new URL(peer.origin).host}` }]);
    expect(await followersCount(owner, owner)).toBe(0);
    await deliver();
    expect(ofType(Reject).length).toBe(rejectsBefore + 1);

    // following again is refused while the block stands
    await peer.follow(actor);
    await deliver();
    expect(await followersCount(owner, owner)).toBe(0);
    expect(ofType(Reject).length).toBe(rejectsBefore + 2);

    // unblocked: the actor may follow again; a domain block refuses the whole server
    await apiAs(t.app, owner).delete(`/api/me/remote-blocks?kind=actor&target=${encodeURIComponent(peer.bobUri)}`);
    await peer.follow(actor);
    expect(await followersCount(owner, owner)).toBe(1);
    await apiAs(t.app, owner).post('/api/me/remote-blocks', { kind: 'domain', target: new URL(peer.origin).hostname });
    expect(await followersCount(owner, owner)).toBe(0);
    await peer.follow(actor);
    expect(await followersCount(owner, owner)).toBe(0);
  });

  it('retries a delivery the inbox refused for now, with backoff, and sends it once', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    await peer.follow(await peer.lookUp(`${owner.username}@${host}`));
    await deliver(); // the Accept
    const creates = ofType(Create).length;
    peer.failNext(1, 503);
    const id = await ask(asker, owner, 'retry me?');
    await answer(owner, id, 'eventually');
    await deliver();
    expect(ofType(Create).length).toBe(creates);
    const [row] = await queryRows<{ attempts: number; sent: boolean; last_error: string; due_later: boolean }>(
      t.ctx.db,
      sql`select attempts, sent, last_error, next_attempt_at > now() + interval '20 seconds' as due_later from federation_deliveries where object_id = ${id}`,
    );
    expect(row).toMatchObject({ attempts: 1, sent: false, last_error: 'inbox answered 503', due_later: true });
    // the backoff has passed
    await t.ctx.db.execute(sql`update federation_deliveries set next_attempt_at = now() where object_id = ${id}`);
    await deliver();
    await deliver();
    expect(ofType(Create).length).toBe(creates + 1);
  });

  it('two workers on one outbox deliver every activity exactly once', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    await peer.follow(await peer.lookUp(`${owner.username}@${host}`));
    await deliver();
    const creates = ofType(Create).length;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await ask(asker, owner, `question ${i}`));
    for (const id of ids) await answer(owner, id, 'answer');
    // a second instance on the same database, as instances on one PostgreSQL are
    const second = await buildApp(testConfig({ webDistDir: '/nonexistent', publicUrl: server.origin, federation: federationConfig }), t.database, {
      outboundNetwork: { ca: testCertificate },
    });
    try {
      await second.ready();
      await Promise.all([deliver(), second.ctx.federation!.deliverNow(), deliver(), second.ctx.federation!.deliverNow()]);
    } finally {
      await second.close();
    }
    const received = ofType(Create).slice(creates);
    expect(received).toHaveLength(25);
    expect(new Set(received.map((c) => c.id?.href)).size).toBe(25);
  });
});

describe('remote blocks', () => {
  it(`hold at most ${REMOTE_BLOCKS_MAX} per user, with a clear message; blocking one already blocked changes nothing`, async () => {
    const user = await signUpUser(t.app);
    await t.ctx.db.execute(sql`insert into remote_blocks (user_id, kind, target)
      select ${user.id}, 'domain', 'blocked-' || n || '.example' from generate_series(1, ${REMOTE_BLOCKS_MAX}) n`);
    const more = await apiAs(t.app, user).post('/api/me/remote-blocks', { kind: 'domain', target: 'one-more.example' });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toEqual({
      code: 'remote_blocks_full',
      message: 'You can block at most 1000 remote accounts and servers. Unblock one first.',
      params: { max: REMOTE_BLOCKS_MAX },
    });
    const again = await apiAs(t.app, user).post('/api/me/remote-blocks', { kind: 'domain', target: 'blocked-1.example' });
    expect(again.statusCode).toBe(200);
    expect(again.json().items).toHaveLength(REMOTE_BLOCKS_MAX);
  });
});
