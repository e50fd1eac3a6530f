import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { startFederatedApp } from '../test/federatedApp.js';
import { type TlsServer } from '../test/tls.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/sql.js';

/**
 * Questions from the fediverse with a peer that has no Fedify in it (decision 304): a
 * Mastodon-shaped account whose actor document, posts and HTTP Signatures are written by hand with
 * node:crypto, and whose inbox verifies what Askbox signs.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let mo: HandBuiltPeer;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp());
  mo = await startHandBuiltPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
});
afterAll(async () => {
  await mo?.close();
  await closeApp?.();
});

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const deliver = () => t.ctx.federation!.deliverNow();
const inbox = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items as { id: string; text: string; remoteSender: unknown }[];

/** A status as Mastodon writes it: its HTML, a Mention tag, public addressing with the mentioned in cc. */
function mastodonStatus(target: { actor: string; username: string }, html: string, peer = mo) {
  const id = `${peer.origin}/users/mo/statuses/${crypto.randomInt(1e9)}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: peer.actorUri,
    to: [PUBLIC],
    cc: [`${peer.actorUri}/followers`, target.actor],
    content: `<p><span class="h-card" translate="no"><a href="${target.actor}" class="u-url mention">@<span>${target.username}</span></a></span> ${html}</p>`,
    contentMap: { en: html },
    tag: [{ type: 'Mention', href: target.actor, name: `@${target.username}@${new URL(server.origin).host}` }],
    sensitive: false,
    published: new Date().toISOString(),
  };
  return {
    '@context': ['https://www.w3.org/ns/activitystreams'],
    id: `${id}/activity`,
    type: 'Create',
    actor: peer.actorUri,
    to: note.to,
    cc: note.cc,
    object: note,
  };
}

describe('questions from a hand-built, non-Fedify peer', () => {
  it('mo asks by mention, gets the signed answer as a reply, likes and unlikes it; blocked, he sees no difference', async () => {
    const alice = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const target = { actor: `${server.origin}/ap/actors/${alice.id}`, username: alice.username };
    const inboxUrl = `${target.actor}/inbox`;

    const status = mastodonStatus(target, 'what do you cook on Sundays?');
    expect(await mo.send(inboxUrl, status)).toBe(202);
    const [question] = await inbox(alice);
    expect(question).toMatchObject({
      text: 'what do you cook on Sundays?',
      remoteSender: { actorUri: mo.actorUri, handle: `@mo@${new URL(mo.origin).host}`, name: 'Mo from a hand-built server' },
    });

    await apiAs(t.app, alice).post(`/api/questions/${question!.id}/answer`, { answer: 'Pancakes.' });
    await deliver();
    const reply = mo.received.at(-1)!;
    expect(reply.verified).toBe(true);
    const note = reply.activity.object as Record<string, unknown>;
    expect(reply.activity.type).toBe('Create');
    expect(note.inReplyTo).toBe(status.object.id);
    expect(note.summary).toBe('what do you cook on Sundays?');
    expect(String(note.content)).toContain('Pancakes.');

    const answerUri = `${server.origin}/ap/answers/${question!.id}`;
    const likeCount = async () => ((await apiAs(t.app, alice).get(`/api/users/${alice.username}/answers`)).json().items[0] as { likeCount: number }).likeCount;
    const like = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${mo.actorUri}#likes/1`, type: 'Like', actor: mo.actorUri, object: answerUri };
    expect(await mo.send(inboxUrl, like)).toBe(202);
    expect(await likeCount()).toBe(1);
    const undo = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${mo.actorUri}#likes/1/undo`, type: 'Undo', actor: mo.actorUri, object: like };
    expect(await mo.send(inboxUrl, undo)).toBe(202);
    expect(await likeCount()).toBe(0);

    // blocked (the account, then the whole server): the same 202, nothing back, nothing in the inbox
    const receivedBefore = mo.received.length;
    await apiAs(t.app, alice).post('/api/me/remote-blocks', { kind: 'actor', target: mo.actorUri });
    expect(await mo.send(inboxUrl, mastodonStatus(target, 'blocked account asks'))).toBe(202);
    await apiAs(t.app, alice).delete(`/api/me/remote-blocks?kind=actor&target=${encodeURIComponent(mo.actorUri)}`);
    await apiAs(t.app, alice).post('/api/me/remote-blocks', { kind: 'domain', target: new URL(mo.origin).hostname });
    expect(await mo.send(`${server.origin}/ap/inbox`, mastodonStatus(target, 'blocked server asks'))).toBe(202);
    await deliver();
    expect(await inbox(alice)).toEqual([]);
    expect(mo.received.length).toBe(receivedBefore);
  });

  it("a post whose author's server fails to answer for a moment becomes the question once it answers again, not never", async () => {
    const alice = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const target = { actor: `${server.origin}/ap/actors/${alice.id}`, username: alice.username };
    // ro (a server new to Askbox: its actor is not among the recent ones) is known by its key from an
    // earlier activity that did not need its actor (taking back a like never given), so the post
    // below is received; reading ro's actor to ask the question is what fails
    const ro = await startHandBuiltPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
    onTestFinished(() => ro.close());
    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${ro.actorUri}#likes/never`,
      type: 'Like',
      actor: ro.actorUri,
      object: target.actor,
    };
    const undo = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${like.id}/undo`, type: 'Undo', actor: ro.actorUri, object: like };
    expect(await ro.send(`${target.actor}/inbox`, undo)).toBe(202);
    await t.ctx.federation!.receiveNow();
    expect(await queryRows(t.ctx.db, sql`select 1 from federation_inbox`)).toEqual([]);

    ro.failActorReads(1);
    expect(await ro.send(`${target.actor}/inbox`, mastodonStatus(target, 'asked while my server restarts?', ro))).toBe(202);
    expect(await inbox(alice)).toEqual([]);
    const waiting = await queryRows<{ attempts: number }>(t.ctx.db, sql`select attempts from federation_inbox`);
    expect(waiting).toEqual([{ attempts: 1 }]);

    // its retry falls due: ro's server answers again, and the question is there
    await t.ctx.db.execute(sql`update federation_inbox set next_attempt_at = now()`);
    await t.ctx.federation!.receiveNow();
    expect((await inbox(alice)).map((q) => q.text)).toEqual(['asked while my server restarts?']);
    expect(await queryRows(t.ctx.db, sql`select 1 from federation_inbox`)).toEqual([]);
  });

  it("a few posts in a row read their author's actor once; the author's Update is what the next question shows", async () => {
    const alice = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const target = { actor: `${server.origin}/ap/actors/${alice.id}`, username: alice.username };
    const jo = await startHandBuiltPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
    onTestFinished(() => jo.close());
    const senders = async () => (await inbox(alice)).map((q) => (q.remoteSender as { name: string }).name);

    expect(await jo.send(`${target.actor}/inbox`, mastodonStatus(target, 'one?', jo))).toBe(202);
    const reads = jo.actorReads;
    expect(reads).toBeGreaterThan(0);
    expect(await jo.send(`${target.actor}/inbox`, mastodonStatus(target, 'two?', jo))).toBe(202);
    expect(await senders()).toEqual(['Mo from a hand-built server', 'Mo from a hand-built server']);
    expect(jo.actorReads).toBe(reads);

    // the account renames itself: Mastodon sends an Update of the actor, which replaces the kept one
    const renamed = { id: jo.actorUri, type: 'Person', preferredUsername: 'mo', name: 'Jo, renamed', inbox: `${jo.actorUri}/inbox` };
    const update = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${jo.actorUri}#updates/1`, type: 'Update', actor: jo.actorUri, object: renamed };
    expect(await jo.send(`${target.actor}/inbox`, update)).toBe(202);
    expect(await jo.send(`${target.actor}/inbox`, mastodonStatus(target, 'three?', jo))).toBe(202);
    expect((await senders())[0]).toBe('Jo, renamed');
    expect(jo.actorReads).toBe(reads);
  });

  it("many senders' likes and take-backs queued together are handled per sender in the order they came", async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const { id } = (await apiAs(t.app, bob).post(`/api/users/${alice.username}/questions`, { text: 'Tea or coffee?', isAnonymous: true })).json() as {
      id: string;
    };
    await apiAs(t.app, alice).post(`/api/questions/${id}/answer`, { answer: 'Tea.' });
    const answerUri = `${server.origin}/ap/answers/${id}`;
    const inboxUrl = `${server.origin}/ap/inbox`;
    const likeCount = async () => ((await apiAs(t.app, alice).get(`/api/users/${alice.username}/answers`)).json().items[0] as { likeCount: number }).likeCount;

    // six servers, nothing handled while they send: each likes, takes it back, likes again and takes it back, then likes
    const peers = await Promise.all(Array.from({ length: 6 }, () => startHandBuiltPeer()));
    try {
      await Promise.all(
        peers.map(async (peer) => {
          const like = (n: number) => ({
            '@context': 'https://www.w3.org/ns/activitystreams',
            id: `${peer.actorUri}#likes/${n}`,
            type: 'Like',
            actor: peer.actorUri,
            object: answerUri,
          });
          const undo = (n: number) => ({
            '@context': 'https://www.w3.org/ns/activitystreams',
            id: `${peer.actorUri}#likes/${n}/undo`,
            type: 'Undo',
            actor: peer.actorUri,
            object: like(n),
          });
          for (const activity of [like(1), undo(1), like(2), undo(2), like(3)]) expect(await peer.send(inboxUrl, activity)).toBe(202);
        }),
      );
      expect(await likeCount()).toBe(0);
      await t.ctx.federation!.receiveNow();
      expect(await likeCount()).toBe(6);
    } finally {
      await Promise.all(peers.map((peer) => peer.close()));
    }
  });
});
