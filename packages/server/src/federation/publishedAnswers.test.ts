import crypto from 'node:crypto';
import { Create, Delete, Mention, Note, type Person } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from '../test/activityPubPeer.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { apiAs, signUpUser, type TestUser } from '../test/harness.js';
import { startFederatedApp, type FederatedApp } from '../test/federatedApp.js';

/**
 * An answer to a followers-only or direct post, published to the followers too (decision 332):
 * the asker gets the private reply as before, the followers a public Note of its own that names
 * nobody, and deleting it reaches both audiences. Against both peers: the hand-built, Mastodon-shaped
 * one and the Fedify one, each in turn the asker and the follower.
 */
let app: FederatedApp;
let peer: Peer;
let mo: HandBuiltPeer;

beforeAll(async () => {
  app = await startFederatedApp({ remoteQuestionsPerServerPer10Min: 1000 });
  const receiveNow = () => app.t.ctx.federation!.receiveNow();
  peer = await startPeer({ afterSend: receiveNow });
  mo = await startHandBuiltPeer({ afterSend: receiveNow });
});
afterAll(async () => {
  await mo?.close();
  await peer?.close();
  await app?.close();
});

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const deliver = () => app.t.ctx.federation!.deliverNow();
const api = (user: TestUser) => apiAs(app.t.app, user);
const inbox = async (user: TestUser) =>
  (await api(user).get('/api/me/inbox')).json().items as { id: string; text: string; remoteSender: { privatePost: boolean } | null }[];

async function publicOwner(): Promise<{ user: TestUser; actorUri: string; actor: Person }> {
  const user = await signUpUser(app.t.app, { fullname: 'Alice Askbox' });
  await api(user).patch('/api/me/settings', { publicProfile: true });
  const actor = await peer.lookUp(`${user.username}@${app.host}`);
  return { user, actorUri: actor.id!.href, actor };
}

/** A direct (or followers-only) status by mo, as Mastodon writes it: addressed to the mentioned alone (or his followers too). */
function moPrivateStatus(target: { actorUri: string; username: string }, text: string, visibility: 'direct' | 'followers' = 'direct') {
  const id = `${mo.origin}/users/mo/statuses/${crypto.randomInt(1e9)}`;
  const to = visibility === 'direct' ? [target.actorUri] : [`${mo.actorUri}/followers`];
  const cc = visibility === 'direct' ? [] : [target.actorUri];
  const note = {
    id,
    type: 'Note',
    attributedTo: mo.actorUri,
    to,
    cc,
    content: `<p><span class="h-card"><a href="${target.actorUri}" class="u-url mention">@<span>${target.username}</span></a></span> ${text}</p>`,
    tag: [{ type: 'Mention', href: target.actorUri, name: `@${target.username}@${app.host}` }],
    published: new Date().toISOString(),
  };
  return { '@context': ['https://www.w3.org/ns/activitystreams'], id: `${id}/activity`, type: 'Create', actor: mo.actorUri, to, cc, object: note };
}

/** mo follows `actorUri` (the Accept comes back to his inbox). */
async function moFollows(actorUri: string) {
  const follow = {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${mo.actorUri}#follows/${crypto.randomUUID()}`,
    type: 'Follow',
    actor: mo.actorUri,
    object: actorUri,
  };
  expect(await mo.send(`${actorUri}/inbox`, follow)).toBe(202);
  await deliver();
}

/** Every public page, feed and document of `user`'s profile and answer, as anyone outside reads them. */
async function publicBytes(user: TestUser, actorUri: string, answerId: string): Promise<string> {
  const get = async (url: string, accept = 'text/html') => {
    const response = await app.t.app.inject({ url, headers: { accept } });
    return `${response.statusCode} ${response.body}`;
  };
  const ap = 'application/activity+json';
  return [
    await get(`/u/${user.username}`),
    await get(`/u/${user.username}/answers/${answerId}`),
    await get(`/u/${user.username}/feed.atom`, 'application/atom+xml'),
    await get(new URL(`${actorUri}/outbox`).pathname, ap),
    await get(`${new URL(actorUri).pathname}/outbox?cursor=`, ap),
    await get(`/ap/answers/${answerId}`, ap),
    await get(`/ap/answers/${answerId}.public`, ap),
  ].join('\n');
}

describe('an answer to a direct or followers-only post, published to the followers too', () => {
  it('mo asks in a direct post: he gets the private reply, bob (following) gets a public Note naming nobody; deleting it reaches both', async () => {
    const { user, actorUri, actor } = await publicOwner();
    await peer.follow(actor);
    await deliver();

    const status = moPrivateStatus({ actorUri, username: user.username }, 'what do you dream of?');
    expect(await mo.send(`${actorUri}/inbox`, status)).toBe(202);
    const [question] = await inbox(user);
    expect(question).toMatchObject({ text: 'what do you dream of?', remoteSender: { privatePost: true } });

    const moBefore = mo.received.length;
    const bobBefore = peer.rawBodies.length;
    const bobCreatesBefore = peer.received.filter((a) => a instanceof Create).length;
    const answered = await api(user).post(`/api/questions/${question!.id}/answer`, { answer: 'Of quiet mornings.', publishToFollowers: true });
    expect(answered.statusCode).toBe(204);
    await deliver();

    // mo: the private reply, exactly as without the choice
    const toMo = mo.received.slice(moBefore);
    expect(toMo).toHaveLength(1);
    expect(toMo[0]!.verified).toBe(true);
    const reply = toMo[0]!.activity.object as Record<string, unknown>;
    expect(reply.id).toBe(`${app.server.origin}/ap/answers/${question!.id}`);
    expect(reply.inReplyTo).toBe(status.object.id);
    expect(JSON.stringify(reply.tag)).toContain(mo.actorUri);
    expect(reply.to).toBe(mo.actorUri);
    expect(reply.cc).toBeUndefined();

    // bob: the public copy, its own id, to everyone and the followers, no reply, no mention
    const [copy, ...more] = peer.received.filter((a): a is Create => a instanceof Create).slice(bobCreatesBefore);
    expect(more).toHaveLength(0);
    const note = (await copy!.getObject()) as Note;
    expect(note.id?.href).toBe(`${app.server.origin}/ap/answers/${question!.id}.public`);
    expect(note.replyTargetId).toBeNull();
    expect(note.toIds.map((u) => u.href)).toEqual([PUBLIC]);
    expect(note.ccIds.map((u) => u.href)).toEqual([`${actorUri}/followers`]);
    expect(note.content?.toString()).toContain('Of quiet mornings.');
    expect(note.content?.toString()).toContain('Anonymous asked:');
    // no byte of what bob's server received, nor of the public pages, names mo
    const moHost = new URL(mo.origin).host;
    const secrets = [mo.actorUri, status.object.id, `mo@${moHost}`, moHost, 'Mo from a hand-built server'];
    const bobBytes = peer.rawBodies.slice(bobBefore).join('\n');
    expect(bobBytes).toContain('Of quiet mornings.');
    for (const secret of secrets) expect(bobBytes).not.toContain(secret);
    const pages = await publicBytes(user, actorUri, question!.id);
    expect(pages).toContain('Of quiet mornings.');
    expect(pages).toContain(`/ap/answers/${question!.id}.public`);
    for (const secret of secrets) expect(pages).not.toContain(secret);
    // the public copy is what the outbox lists and what the answer's page leads to as ActivityStreams
    const outbox = await app.t.app.inject({ url: `${new URL(actorUri).pathname}/outbox?cursor=`, headers: { accept: 'application/activity+json' } });
    expect(outbox.body).toContain(`/ap/answers/${question!.id}.public`);
    const negotiated = await app.t.app.inject({ url: `/u/${user.username}/answers/${question!.id}`, headers: { accept: 'application/activity+json' } });
    expect(negotiated.headers.location).toBe(`${app.server.origin}/ap/answers/${question!.id}.public`);

    // a Like of the public copy counts for the answer, and its Undo takes it back
    const likeCount = async () => ((await api(user).get(`/api/users/${user.username}/answers`)).json().items[0] as { likeCount: number }).likeCount;
    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${mo.actorUri}#likes/copy`,
      type: 'Like',
      actor: mo.actorUri,
      object: note.id!.href,
    };
    expect(await mo.send(`${actorUri}/inbox`, like)).toBe(202);
    expect(await likeCount()).toBe(1);
    const undo = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${mo.actorUri}#likes/copy/undo`, type: 'Undo', actor: mo.actorUri, object: like };
    expect(await mo.send(`${actorUri}/inbox`, undo)).toBe(202);
    expect(await likeCount()).toBe(0);

    // deleted: mo gets the Delete of his reply, bob the Delete of the public copy
    const moBeforeDelete = mo.received.length;
    const bobDeletesBefore = peer.received.filter((a) => a instanceof Delete).length;
    expect((await api(user).delete(`/api/questions/${question!.id}`)).statusCode).toBe(204);
    await deliver();
    const moDeletes = mo.received.slice(moBeforeDelete).map((r) => r.activity);
    expect(moDeletes.map((a) => [a.type, (a.object as { id: string }).id])).toEqual([['Delete', `${app.server.origin}/ap/answers/${question!.id}`]]);
    const bobDeleted = peer.received.filter((a): a is Delete => a instanceof Delete).slice(bobDeletesBefore);
    expect(bobDeleted.map((d) => d.objectId?.href)).toContain(`${app.server.origin}/ap/answers/${question!.id}.public`);
  });

  it('without the choice, bob asks directly and gets the reply while mo (following) gets nothing; the choice is refused for any other question', async () => {
    const { user, actorUri, actor } = await publicOwner();
    await moFollows(actorUri);
    const post = directPostByBob(actor, user.username, 'your secret recipe?');
    await peer.send(actor, post);
    const [question] = await inbox(user);
    expect(question).toMatchObject({ text: 'your secret recipe?', remoteSender: { privatePost: true } });

    const moBefore = mo.received.length;
    const bobBefore = peer.received.filter((a) => a instanceof Create).length;
    expect((await api(user).post(`/api/questions/${question!.id}/answer`, { answer: 'Patience.' })).statusCode).toBe(204);
    await deliver();
    expect(mo.received.slice(moBefore)).toEqual([]);
    const [reply, ...more] = peer.received.filter((a): a is Create => a instanceof Create).slice(bobBefore);
    expect(more).toHaveLength(0);
    const note = (await reply!.getObject()) as Note;
    expect(note.replyTargetId?.href).toBe(post.objectId!.href);
    expect(note.toIds.map((u) => u.href)).toEqual([peer.bobUri]);
    // the reply names bob: read only by bob's own signed fetch, not by anyone; the outbox does not list it
    expect((await app.t.app.inject({ url: `/ap/answers/${question!.id}`, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
    expect((await app.t.app.inject({ url: `/ap/answers/${question!.id}.public`, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
    const pages = await publicBytes(user, actorUri, question!.id);
    for (const secret of [peer.bobUri, post.objectId!.href, `bob@${new URL(peer.origin).host}`]) expect(pages).not.toContain(secret);

    // the choice only exists for such a question: a local question or a public post's is refused
    const local = await signUpUser(app.t.app);
    const { id: localId } = (await api(local).post(`/api/users/${user.username}/questions`, { text: 'Local one?', isAnonymous: true })).json() as {
      id: string;
    };
    const refused = await api(user).post(`/api/questions/${localId}/answer`, { answer: 'No.', publishToFollowers: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('not_private_remote_question');
    expect((await inbox(user)).map((q) => q.id)).toContain(localId);

    // deleted: bob's reply is withdrawn from bob too
    const bobDeletesBefore = peer.received.filter((a) => a instanceof Delete).length;
    await api(user).delete(`/api/questions/${question!.id}`);
    await deliver();
    const bobDeleted = peer.received.filter((a): a is Delete => a instanceof Delete).slice(bobDeletesBefore);
    expect(bobDeleted.map((d) => d.objectId?.href)).toEqual([`${app.server.origin}/ap/answers/${question!.id}`]);
  });

  it("turning the public profile off deletes the reply at the asker's and the public copy at the followers'", async () => {
    const { user, actorUri, actor } = await publicOwner();
    await peer.follow(actor);
    await deliver();
    const status = moPrivateStatus({ actorUri, username: user.username }, 'followers only, this one?', 'followers');
    expect(await mo.send(`${actorUri}/inbox`, status)).toBe(202);
    const [question] = await inbox(user);
    expect(question).toMatchObject({ remoteSender: { privatePost: true } });
    await api(user).post(`/api/questions/${question!.id}/answer`, { answer: 'Yes, and now for all.', publishToFollowers: true });
    await deliver();

    const moBefore = mo.received.length;
    const bobDeletesBefore = peer.received.filter((a) => a instanceof Delete).length;
    await api(user).patch('/api/me/settings', { publicProfile: false });
    await deliver();
    const moDeleted = mo.received.slice(moBefore).map((r) => (r.activity.object as { id: string }).id);
    expect(moDeleted).toEqual([`${app.server.origin}/ap/answers/${question!.id}`]);
    const bobDeleted = peer.received.filter((a): a is Delete => a instanceof Delete).slice(bobDeletesBefore);
    expect(bobDeleted.map((d) => d.objectId?.href).sort()).toEqual(
      [`${app.server.origin}/ap/answers/${question!.id}`, `${app.server.origin}/ap/answers/${question!.id}.public`].sort(),
    );
  });
});

/** bob's direct post mentioning `actor` (to the mentioned alone), built with Fedify as the Fedify peer's posts are. */
function directPostByBob(actor: Person, username: string, text: string): Create {
  const id = new URL(`${peer.origin}/notes/${crypto.randomUUID()}`);
  const bob = new URL(peer.bobUri);
  const note = new Note({
    id,
    attribution: bob,
    content: `<p>@${username} ${text}</p>`,
    tags: [new Mention({ href: actor.id!, name: `@${username}@${app.host}` })],
    tos: [actor.id!],
  });
  return new Create({ id: new URL(`${id.href}/activity`), actor: bob, object: note, tos: [actor.id!] });
}
