import crypto from 'node:crypto';
import { Activity } from '@fedify/fedify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { queryRows } from '../db/sql.js';
import { composePush, type PushRow } from '../push/compose.js';
import { startPeer } from '../test/activityPubPeer.js';
import { insertSubscription } from '../test/notificationFixtures.js';
import { startHandBuiltPeer } from '../test/handBuiltPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { startFederatedApp } from '../test/federatedApp.js';
import { type TlsServer } from '../test/tls.js';

/**
 * Replies to and from the fediverse (decisions 370–372), with the Fedify peer and the hand-built
 * Mastodon-shaped one, each also reading only signed requests: a Note replying to an answer joins
 * its thread named by handle (a reply, though it mentions the owner); a reply made here reaches
 * the peer replying to the answer's Note; Update edits, Delete removes; a muted word hides; with
 * replies off, or the peer's server blocked, it never appears.
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
const AS = 'https://www.w3.org/ns/activitystreams';
const deliver = () => t.ctx.federation!.deliverNow();

interface Target {
  actor: string;
  username: string;
}

/** One peer seen the same way whichever it is: its account, what it sends (JSON), what it received (JSON). */
interface ThreadPeer {
  actorUri: string;
  handle: string;
  name: string;
  send(target: Target, activity: Record<string, unknown>): Promise<void>;
  received(): Promise<Record<string, unknown>[]>;
}

async function fedifyPeer(signedReadsOnly: boolean): Promise<ThreadPeer> {
  const peer = await startPeer({ signedReadsOnly, afterSend: () => t.ctx.federation!.receiveNow() });
  onTestFinished(() => peer.close());
  const host = new URL(server.origin).host;
  return {
    actorUri: peer.bobUri,
    handle: `@bob@${new URL(peer.origin).host}`,
    name: 'Bob from the peer',
    async send(target, json) {
      const person = await peer.lookUp(`${target.username}@${host}`);
      await peer.send(person, await Activity.fromJsonLd(json, { contextLoader: peer.context().contextLoader, documentLoader: peer.context().documentLoader }));
    },
    received: () => Promise.all(peer.received.map(async (a) => (await a.toJsonLd({ format: 'compact' })) as Record<string, unknown>)),
  };
}

async function handBuiltPeer(signedReadsOnly: boolean): Promise<ThreadPeer> {
  const mo = await startHandBuiltPeer({ signedReadsOnly, afterSend: () => t.ctx.federation!.receiveNow() });
  onTestFinished(() => mo.close());
  return {
    actorUri: mo.actorUri,
    handle: `@mo@${new URL(mo.origin).host}`,
    name: 'Mo from a hand-built server',
    async send(target, json) {
      expect(await mo.send(`${target.actor}/inbox`, json)).toBe(202);
    },
    received: () => Promise.resolve(mo.received.map((r) => r.activity)),
  };
}

let serial = 0;
/** A public reply by the peer's account to `inReplyTo`, mentioning the answer's owner as Mastodon does. */
function replyNote(peer: ThreadPeer, owner: Target, inReplyTo: string, text: string) {
  const id = `${peer.actorUri}/statuses/${crypto.randomInt(1e9)}-${++serial}`;
  return {
    id,
    type: 'Note',
    attributedTo: peer.actorUri,
    inReplyTo,
    to: [PUBLIC],
    cc: [owner.actor],
    content: `<p><a href="${owner.actor}" class="u-url mention">@${owner.username}</a> ${text}</p>`,
    tag: [{ type: 'Mention', href: owner.actor, name: `@${owner.username}@${new URL(server.origin).host}` }],
    published: new Date().toISOString(),
  };
}
const activity = (type: string, peer: ThreadPeer, object: Record<string, unknown>, suffix = type.toLowerCase()) => ({
  '@context': AS,
  id: `${object.id as string}#${suffix}-${++serial}`,
  type,
  actor: peer.actorUri,
  to: [PUBLIC],
  object,
});

async function publicUser() {
  const user = await signUpUser(t.app);
  await apiAs(t.app, user).patch('/api/me/settings', { publicProfile: true });
  return { user, target: { actor: `${server.origin}/ap/actors/${user.id}`, username: user.username } };
}
type ThreadItem = { id: string; text: string; author: { username: string } | null; remoteAuthor: { handle: string; name: string } | null };
const thread = async (viewer: TestUser, answerId: string) => (await apiAs(t.app, viewer).get(`/api/answers/${answerId}/replies`)).json().items as ThreadItem[];
const texts = async (viewer: TestUser, answerId: string) => (await thread(viewer, answerId)).map((r) => r.text);

const peers: [string, (signedReadsOnly: boolean) => Promise<ThreadPeer>][] = [
  ['the Fedify peer', fedifyPeer],
  ['the hand-built Mastodon-shaped peer', handBuiltPeer],
];

describe.each(peers)('replies with %s', (_name, startThreadPeer) => {
  it.each([false, true])('signed reads only: %s — in the thread by handle, out with inReplyTo, edited, deleted, muted, refused', async (signedReadsOnly) => {
    const peer = await startThreadPeer(signedReadsOnly);
    const { user: alice, target } = await publicUser();
    await insertSubscription(t.ctx.db, alice.id);
    const { user: carol } = await publicUser();
    const asker = await signUpUser(t.app);
    await peer.send(target, { '@context': AS, id: `${peer.actorUri}#follows/${++serial}`, type: 'Follow', actor: peer.actorUri, object: target.actor });
    const questionId = (await apiAs(t.app, asker).post(`/api/users/${alice.username}/questions`, { text: 'tea or coffee?', isAnonymous: true })).json()
      .id as string;
    await apiAs(t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'Tea.' });
    await deliver();
    const answerNote = `${server.origin}/ap/answers/${questionId}`;

    // a reply that mentions the owner: in the thread, named by handle; not a question
    const first = replyNote(peer, target, answerNote, 'Green tea, I hope!');
    await peer.send(target, activity('Create', peer, first));
    const [remote] = await thread(asker, questionId);
    expect(remote).toMatchObject({ text: 'Green tea, I hope!', author: null, remoteAuthor: { handle: peer.handle } });
    expect((await apiAs(t.app, alice).get('/api/me/inbox')).json().items).toEqual([]);
    // the owner is told as of a reply here: the Activity tab names the handle, the push the name
    const groups = (await apiAs(t.app, alice).get('/api/notifications/activity/groups')).json().items as { type: string; remoteUsers: unknown[] }[];
    expect(groups).toContainEqual(expect.objectContaining({ type: 'reply', users: [], remoteUsers: [{ handle: peer.handle, name: peer.name }] }));
    const pushes = await queryRows<PushRow>(t.ctx.db, sql`select * from push_notifications where user_id = ${alice.id} and data->>'type' = 'reply'`);
    expect(pushes).toHaveLength(1);
    expect((await composePush(t.ctx.db, pushes[0]!))?.body).toBe(`${peer.name} replied to your answer: "Green tea, I hope!"`);
    // the same Note again is the same reply
    await peer.send(target, activity('Create', peer, first, 'again'));
    expect(await texts(asker, questionId)).toEqual(['Green tea, I hope!']);

    // a reply made here goes to the peer (a follower of the owner), replying to the answer's Note
    const carolsReply = (await apiAs(t.app, carol).post(`/api/answers/${questionId}/replies`, { text: 'Earl Grey for me.' })).json() as { id: string };
    await deliver();
    const created = (await peer.received()).find((a) => a.type === 'Create' && JSON.stringify(a.object).includes('Earl Grey'));
    const note = created!.object as Record<string, unknown>;
    expect(note.inReplyTo).toBe(answerNote);
    expect(note.attributedTo).toBe(`${server.origin}/ap/actors/${carol.id}`);
    expect(JSON.stringify(created)).not.toContain(asker.username);
    // its Note is served at its id
    const served = await fetch(note.id as string, { headers: { accept: 'application/activity+json' } });
    expect(served.status).toBe(200);
    expect(((await served.json()) as { inReplyTo: string }).inReplyTo).toBe(answerNote);

    // a reply to carol's reply joins the same thread
    await peer.send(target, activity('Create', peer, replyNote(peer, target, note.id as string, 'Earl Grey is lovely.')));
    expect(await texts(asker, questionId)).toEqual(['Green tea, I hope!', 'Earl Grey for me.', 'Earl Grey is lovely.']);

    // Update edits the text; Delete (of a Tombstone) removes it
    await peer.send(target, activity('Update', peer, { ...first, content: '<p>Jasmine tea, I hope!</p>' }));
    expect((await texts(asker, questionId))[0]).toBe('Jasmine tea, I hope!');
    await peer.send(target, activity('Delete', peer, { id: first.id, type: 'Tombstone' }));
    expect(await texts(asker, questionId)).toEqual(['Earl Grey for me.', 'Earl Grey is lovely.']);

    // carol deletes her reply: the peer gets its Delete
    expect((await apiAs(t.app, carol).delete(`/api/replies/${carolsReply.id}`)).statusCode).toBe(204);
    await deliver();
    expect((await peer.received()).some((a) => a.type === 'Delete' && JSON.stringify(a.object).includes(note.id as string))).toBe(true);

    // a muted word hides it: the owner finds it among their hidden replies, nobody else sees it
    await apiAs(t.app, alice).post('/api/me/muted-words', { word: 'spoiler' });
    await peer.send(target, activity('Create', peer, replyNote(peer, target, answerNote, 'a spoiler here')));
    expect(await texts(asker, questionId)).toEqual(['Earl Grey is lovely.']);
    const hidden = (await apiAs(t.app, alice).get('/api/me/hidden-replies')).json().items as { text: string; reason: string }[];
    expect(hidden).toEqual([expect.objectContaining({ text: 'a spoiler here', reason: 'muted' })]);

    // replies off: dropped (turned on again, it is not there)
    await apiAs(t.app, alice).patch('/api/me/settings', { repliesEnabled: false });
    await peer.send(target, activity('Create', peer, replyNote(peer, target, answerNote, 'while replies were off')));
    await apiAs(t.app, alice).patch('/api/me/settings', { repliesEnabled: true });
    expect(await texts(asker, questionId)).toEqual(['Earl Grey is lovely.']);

    // the peer's server blocked by the owner: what it sends never appears, and what it sent leaves the thread
    const domain = new URL(peer.actorUri).hostname;
    await apiAs(t.app, alice).post('/api/me/remote-blocks', { kind: 'domain', target: domain });
    await peer.send(target, activity('Create', peer, replyNote(peer, target, answerNote, 'from a blocked server')));
    expect(await texts(asker, questionId)).toEqual([]);
    await apiAs(t.app, alice).delete(`/api/me/remote-blocks?kind=domain&target=${encodeURIComponent(domain)}`);
    expect(await texts(asker, questionId)).toEqual(['Earl Grey is lovely.']);
  });
});

describe('replies and the instance', () => {
  it('a server the operator blocked: its replies never show, those kept before leave every thread', async () => {
    const peer = await handBuiltPeer(false);
    const { user: alice, target } = await publicUser();
    const questionId = (await apiAs(t.app, alice).post(`/api/users/${alice.username}/questions`, { text: 'and you?', isAnonymous: false })).json().id as string;
    await apiAs(t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'Me.' });
    const answerNote = `${server.origin}/ap/answers/${questionId}`;
    await peer.send(target, activity('Create', peer, replyNote(peer, target, answerNote, 'before the block')));
    expect(await texts(alice, questionId)).toEqual(['before the block']);
    await t.ctx.db.execute(sql`insert into federation_domain_blocks (domain) values (${new URL(peer.actorUri).hostname})`);
    onTestFinished(async () => {
      await t.ctx.db.execute(sql`delete from federation_domain_blocks where domain = ${new URL(peer.actorUri).hostname}`);
    });
    expect(await texts(alice, questionId)).toEqual([]);
  });

  it("who may reply: 'people I follow' admits nobody from another server; a followers-only reply is not for the public thread", async () => {
    const peer = await handBuiltPeer(false);
    const { user: alice, target } = await publicUser();
    const questionId = (await apiAs(t.app, alice).post(`/api/users/${alice.username}/questions`, { text: 'who?', isAnonymous: false })).json().id as string;
    await apiAs(t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'Me.' });
    const answerNote = `${server.origin}/ap/answers/${questionId}`;
    await apiAs(t.app, alice).patch('/api/me/settings', { whoMayReply: 'following' });
    await peer.send(target, activity('Create', peer, replyNote(peer, target, answerNote, 'not followed')));
    await apiAs(t.app, alice).patch('/api/me/settings', { whoMayReply: 'everyone' });
    await peer.send(target, activity('Create', peer, { ...replyNote(peer, target, answerNote, 'followers only'), to: [`${peer.actorUri}/followers`] }));
    expect(await texts(alice, questionId)).toEqual([]);
    expect((await apiAs(t.app, alice).get('/api/me/inbox')).json().items).toEqual([]);
    // the same peer, public, to everyone: it is there
    await peer.send(target, activity('Create', peer, replyNote(peer, target, answerNote, 'public now')));
    expect(await texts(alice, questionId)).toEqual(['public now']);
  });

  it('a reader reports a remote reply; it reaches the moderators with no account, and a moderator deletes it', async () => {
    const peer = await handBuiltPeer(false);
    const { user: alice, target } = await publicUser();
    const [reader, admin] = [await signUpUser(t.app), await signUpUser(t.app)];
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const questionId = (await apiAs(t.app, alice).post(`/api/users/${alice.username}/questions`, { text: 'rude?', isAnonymous: false })).json().id as string;
    await apiAs(t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'No.' });
    await peer.send(target, activity('Create', peer, replyNote(peer, target, `${server.origin}/ap/answers/${questionId}`, 'a rude reply')));
    const [remote] = await thread(reader, questionId);
    expect((await apiAs(t.app, reader).post('/api/reports', { kind: 'reply', target: remote!.id, reason: 'harassment' })).json()).toEqual({
      reported: true,
      alreadyReported: false,
    });
    const queue = (await apiAs(t.app, admin).get('/api/admin/reports')).json().items as { id: string; account: unknown; content: Record<string, unknown> }[];
    const item = queue.find((r) => r.content.answer === 'a rude reply')!;
    expect(item).toMatchObject({
      account: null,
      content: { kind: 'reply', exists: true, sender: null, remoteSender: { handle: peer.handle, name: peer.name } },
    });
    expect((await apiAs(t.app, admin).post(`/api/admin/reports/${item.id}/resolve`, { action: 'delete' })).json()).toMatchObject({
      resolution: 'content_deleted',
    });
    expect(await texts(reader, questionId)).toEqual([]);
  });

  it("a reply sent out is deleted there when its answer is deleted, and when its author's or the owner's profile turns private", async () => {
    const mo = await startHandBuiltPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
    onTestFinished(() => mo.close());
    const { user: alice, target } = await publicUser();
    const { user: carol } = await publicUser();
    await mo.send(`${target.actor}/inbox`, {
      '@context': AS,
      id: `${mo.actorUri}#follows/${++serial}`,
      type: 'Follow',
      actor: mo.actorUri,
      object: target.actor,
    });
    const answered = async (text: string) => {
      const id = (await apiAs(t.app, alice).post(`/api/users/${alice.username}/questions`, { text, isAnonymous: false })).json().id as string;
      await apiAs(t.app, alice).post(`/api/questions/${id}/answer`, { answer: 'Yes.' });
      return id;
    };
    const first = await answered('first?');
    const second = await answered('second?');
    const replyIds: string[] = [];
    for (const answerId of [first, second])
      replyIds.push(((await apiAs(t.app, carol).post(`/api/answers/${answerId}/replies`, { text: 'Me too' })).json() as { id: string }).id);
    await deliver();
    const noteOf = (replyId: string) => `${server.origin}/ap/answers/${replyId}.reply`;
    const deleted = () => mo.received.filter((r) => r.activity.type === 'Delete').map((r) => JSON.stringify(r.activity.object));
    expect(mo.received.filter((r) => r.activity.type === 'Create' && JSON.stringify(r.activity.object).includes('.reply'))).toHaveLength(2);

    expect((await apiAs(t.app, alice).delete(`/api/questions/${first}`)).statusCode).toBe(204);
    await deliver();
    expect(deleted().filter((object) => object.includes(noteOf(replyIds[0]!)))).toHaveLength(1);
    expect(deleted().some((object) => object.includes(noteOf(replyIds[1]!)))).toBe(false);

    await apiAs(t.app, carol).patch('/api/me/settings', { publicProfile: false });
    await deliver();
    expect(deleted().filter((object) => object.includes(noteOf(replyIds[1]!)))).toHaveLength(1);
    // and its Note is no longer served
    expect((await fetch(noteOf(replyIds[1]!), { headers: { accept: 'application/activity+json' } })).status).toBe(404);

    // the owner's profile turning private deletes the replies sent under their answers too
    const third = await answered('third?');
    const dan = (await publicUser()).user;
    const dansReply = ((await apiAs(t.app, dan).post(`/api/answers/${third}/replies`, { text: 'Hi' })).json() as { id: string }).id;
    await deliver();
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: false });
    await deliver();
    expect(deleted().filter((object) => object.includes(noteOf(dansReply)))).toHaveLength(1);
  });
});

describe('the owner hides a reply that went out', () => {
  it('withdraws it from the servers it reached (a Delete, once); shown again, it is back here only', async () => {
    const peer = await fedifyPeer(false);
    const { user: alice, target } = await publicUser();
    const { user: carol } = await publicUser();
    const asker = await signUpUser(t.app);
    await peer.send(target, { '@context': AS, id: `${peer.actorUri}#follows/${++serial}`, type: 'Follow', actor: peer.actorUri, object: target.actor });
    const questionId = (await apiAs(t.app, asker).post(`/api/users/${alice.username}/questions`, { text: 'sea or mountains?', isAnonymous: true })).json()
      .id as string;
    expect((await apiAs(t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'Mountains.' })).statusCode).toBe(204);
    const reply = (await apiAs(t.app, carol).post(`/api/answers/${questionId}/replies`, { text: 'Sea, surely.' })).json() as { id: string };
    await deliver();
    const about = async (type: string) => (await peer.received()).filter((a) => a.type === type && JSON.stringify(a.object).includes(reply.id)).length;
    expect(await about('Create')).toBe(1);

    expect((await apiAs(t.app, alice).post(`/api/replies/${reply.id}/hide`)).statusCode).toBe(204);
    await deliver();
    expect(await about('Delete')).toBe(1);
    // hidden, its Note is not served either
    expect((await fetch(`${server.origin}/ap/answers/${reply.id}.reply`, { headers: { accept: 'application/activity+json' } })).status).not.toBe(200);

    expect((await apiAs(t.app, alice).post(`/api/replies/${reply.id}/show`)).statusCode).toBe(204);
    await deliver();
    expect(await about('Create')).toBe(1);
    expect((await thread(asker, questionId)).map((r) => r.text)).toEqual(['Sea, surely.']);

    // hidden again: they have withdrawn it already
    expect((await apiAs(t.app, alice).post(`/api/replies/${reply.id}/hide`)).statusCode).toBe(204);
    await deliver();
    expect(await about('Delete')).toBe(1);
  });
});
