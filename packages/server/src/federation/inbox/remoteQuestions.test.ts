import crypto from 'node:crypto';
import { Announce, Create, Like, Mention, Note, PUBLIC_COLLECTION, Undo, type Person } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { composeEmail } from '../../email/compose.js';
import { startPeer, type Peer } from '../../test/activityPubPeer.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { startFederatedApp, testFederation } from '../../test/federatedApp.js';
import { type TlsServer } from '../../test/tls.js';

/**
 * Questions from the fediverse against a real peer (an independent Fedify server on loopback):
 * bob mentions an Askbox user in a post, the question lands in their inbox, the answer reaches
 * bob as a reply, his likes count, and every receiver rule drops his questions without a trace
 * his server could see.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let peer: Peer;
let host: string;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp({ federation: { ...testFederation, maxAttempts: 4 }, remoteQuestionsPerServerPer10Min: 1000 }));
  host = new URL(server.origin).host;
  peer = await startPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
});
afterAll(async () => {
  await peer?.close();
  await closeApp?.();
});

const deliver = () => t.ctx.federation!.deliverNow();
const bob = () => new URL(peer.bobUri);
const peerHost = () => new URL(peer.origin).host;

async function publicOwner(): Promise<{ user: TestUser; actor: Person }> {
  const user = await signUpUser(t.app, { fullname: 'Alice Askbox' });
  await apiAs(t.app, user).patch('/api/me/settings', { publicProfile: true });
  return { user, actor: await peer.lookUp(`${user.username}@${host}`) };
}

/** bob's post mentioning `actor`, addressed as Mastodon would for each visibility. */
function mentionPost(
  actor: Person,
  html: string,
  visibility: 'public' | 'unlisted' | 'direct' = 'public',
  extra: Partial<ConstructorParameters<typeof Note>[0]> = {},
) {
  const id = new URL(`${peer.origin}/notes/${crypto.randomUUID()}`);
  const addressing =
    visibility === 'public'
      ? { tos: [PUBLIC_COLLECTION], ccs: [actor.id!] }
      : visibility === 'unlisted'
        ? { tos: [actor.id!], ccs: [PUBLIC_COLLECTION] }
        : { tos: [actor.id!], ccs: [] };
  const note = new Note({
    id,
    attribution: bob(),
    content: html,
    tags: [new Mention({ href: actor.id!, name: `@${actor.preferredUsername}@${host}` })],
    ...addressing,
    ...extra,
  });
  return new Create({ id: new URL(`${id.href}/activity`), actor: bob(), object: note, ...addressing });
}

const inbox = async (user: TestUser, filter = 'all') =>
  (await apiAs(t.app, user).get(`/api/me/inbox?filter=${filter}`)).json().items as Record<string, unknown>[];
const creates = () => peer.received.filter((a): a is Create => a instanceof Create);

describe('questions from the fediverse', () => {
  it('a public post mentioning a user is a named question from @bob@host; the answer reaches bob as a reply with the question as content warning', async () => {
    const { user, actor } = await publicOwner();
    const post = mentionPost(
      actor,
      `<p><span class="h-card"><a href="${actor.id!.href}" class="u-url mention">@<span>${user.username}</span></a></span> What is <b>your</b> favourite &amp; why? See <a href="https://example.org/x">https://example.org/x</a></p>`,
    );
    await peer.send(actor, post);
    // delivered a second time (the shared inbox): still one question
    await peer.send(actor, post);
    const [question, ...more] = await inbox(user);
    expect(more).toHaveLength(0);
    expect(question).toMatchObject({
      text: 'What is your favourite & why? See https://example.org/x',
      isAnonymous: false,
      sender: null,
      canBlockAsker: false,
      remoteSender: { actorUri: peer.bobUri, handle: `@bob@${peerHost()}`, name: 'Bob from the peer', domain: new URL(peer.origin).hostname },
    });
    expect(await inbox(user, 'fediverse')).toHaveLength(1);
    expect(await inbox(user, 'named')).toHaveLength(1);
    expect(await inbox(user, 'anonymous')).toHaveLength(0);

    const before = creates().length;
    expect((await apiAs(t.app, user).post(`/api/questions/${question!.id}/answer`, { answer: 'Mastodon, for the people.' })).statusCode).toBe(204);
    await deliver();
    const [reply] = creates().slice(before);
    expect(reply).toBeDefined();
    const note = (await reply!.getObject()) as Note;
    expect(note.replyTargetId?.href).toBe(post.objectId!.href);
    expect(note.summary?.toString()).toBe('What is your favourite & why? See https://example.org/x');
    expect(note.content?.toString()).toContain('Mastodon, for the people.');
    expect(note.toIds.map((u) => u.href)).toContain(PUBLIC_COLLECTION.href);
    expect(note.ccIds.map((u) => u.href)).toContain(peer.bobUri);
    // the public answer names the asker, as their post was public
    const page = await t.app.inject({ url: `/ap/answers/${question!.id}`, headers: { accept: 'application/activity+json' } });
    expect(page.statusCode).toBe(200);
    const feed = await t.app.inject({ url: `/u/${user.username}/feed.atom` });
    expect(feed.body).toContain(`@bob@${peerHost()}`);
  });

  it('a direct post is answered to its asker alone, and the asker is not named publicly', async () => {
    const { user, actor } = await publicOwner();
    await peer.send(actor, mentionPost(actor, `<p>@${user.username} a private question?</p>`, 'direct'));
    const [question] = await inbox(user);
    expect(question).toMatchObject({ text: 'a private question?' });
    // 'Question as content warning' off: the question is quoted in the content, no summary
    expect((await apiAs(t.app, user).patch('/api/me/settings', { questionAsContentWarning: false })).json()).toMatchObject({ questionAsContentWarning: false });
    const before = creates().length;
    await apiAs(t.app, user).post(`/api/questions/${question!.id}/answer`, { answer: 'Only for you.' });
    await deliver();
    const [reply] = creates().slice(before);
    const note = (await reply!.getObject()) as Note;
    expect(note.summary).toBeNull();
    expect(note.content?.toString()).toContain('a private question?');
    expect(note.content?.toString()).toContain('Anonymous asked:');
    expect(note.toIds.map((u) => u.href)).toEqual([peer.bobUri]);
    expect(note.ccIds).toEqual([]);
    const feed = await t.app.inject({ url: `/u/${user.username}/feed.atom` });
    expect(feed.body).not.toContain(`bob@${peerHost()}`);
  });

  it("Askbox's own profile and feed name a public post's asker, @bob@host with his name; never a direct post's, nor to a reader who blocked his server", async () => {
    const { user, actor } = await publicOwner();
    const reader = await signUpUser(t.app);
    expect((await apiAs(t.app, reader).post(`/api/users/${user.username}/follow`)).statusCode).toBeLessThan(300);
    await peer.send(actor, mentionPost(actor, `<p>@${user.username} asked in public?</p>`));
    await peer.send(actor, mentionPost(actor, `<p>@${user.username} asked in private?</p>`, 'direct'));
    const asked = await inbox(user);
    expect(asked).toHaveLength(2);
    for (const question of asked)
      expect((await apiAs(t.app, user).post(`/api/questions/${question.id}/answer`, { answer: 'An answer.' })).statusCode).toBe(204);

    type Shown = { text: string; isAnonymous: boolean; sender: unknown; remoteSender: unknown };
    const askers = (items: Shown[]) =>
      Object.fromEntries(items.map(({ text, isAnonymous, sender, remoteSender }) => [text, { isAnonymous, sender, remoteSender }]));
    const profile = async (viewer: TestUser) => askers((await apiAs(t.app, viewer).get(`/api/users/${user.username}/answers`)).json().items as Shown[]);
    const feed = async (viewer: TestUser) => askers((await apiAs(t.app, viewer).get('/api/feed')).json().items as Shown[]);
    const named = {
      'asked in public?': { isAnonymous: false, sender: null, remoteSender: { handle: `@bob@${peerHost()}`, name: 'Bob from the peer' } },
      'asked in private?': { isAnonymous: false, sender: null, remoteSender: null },
    };
    expect(await profile(user)).toEqual(named);
    expect(await profile(reader)).toEqual(named);
    expect(await feed(reader)).toEqual(named);

    // a reader who blocked bob's server reads the answers without his name (as a blocked local asker's)
    await apiAs(t.app, reader).post('/api/me/remote-blocks', { kind: 'domain', target: new URL(peer.origin).hostname });
    const unnamed = { ...named, 'asked in public?': { ...named['asked in public?'], remoteSender: null } };
    expect(await profile(reader)).toEqual(unnamed);
    expect(await feed(reader)).toEqual(unnamed);
    expect(await profile(user)).toEqual(named);
  });

  it("remote Like and Undo(Like) move the answer's like counter; a boost is stored; a reply to an answer is no question", async () => {
    const { user, actor } = await publicOwner();
    await peer.send(actor, mentionPost(actor, '<p>like this?</p>'));
    const [question] = await inbox(user);
    await apiAs(t.app, user).post(`/api/questions/${question!.id}/answer`, { answer: 'yes' });
    const note = new URL(`${server.origin}/ap/answers/${question!.id}`);
    const likeCount = async () => ((await apiAs(t.app, user).get(`/api/users/${user.username}/answers`)).json().items[0] as { likeCount: number }).likeCount;

    const activity = async () => (await apiAs(t.app, user).get('/api/notifications/activity/groups')).json().items as Record<string, unknown>[];
    const unreadActivity = async () => (await apiAs(t.app, user).get('/api/me/counters')).json().unreadActivity as number;
    await apiAs(t.app, user).post('/api/notifications/read', { tab: 'activity' });
    const like = new Like({ id: new URL(`${peer.origin}/likes/${crypto.randomUUID()}`), actor: bob(), object: note });
    await peer.send(actor, like);
    await peer.send(actor, like);
    expect(await likeCount()).toBe(1);
    // in the Activity tab and its badge, named by handle as the push names them
    expect(await activity()).toEqual([
      expect.objectContaining({
        type: 'remoteLike',
        count: 1,
        users: [],
        remoteUsers: [{ handle: `@bob@${peerHost()}`, name: expect.any(String) }],
        answer: { id: question!.id, answer: 'yes', contentWarning: null, ownerUsername: user.username },
        unread: true,
      }),
    ]);
    expect(await unreadActivity()).toBe(1);
    // blocking bob's server takes his like out of the tab (the count stays: it is the answer's)
    await apiAs(t.app, user).post('/api/me/remote-blocks', { kind: 'domain', target: new URL(peer.origin).hostname });
    expect(await activity()).toEqual([]);
    expect(await unreadActivity()).toBe(0);
    await apiAs(t.app, user).delete(`/api/me/remote-blocks?kind=domain&target=${new URL(peer.origin).hostname}`);
    await peer.send(actor, new Undo({ id: new URL(`${like.id!.href}/undo`), actor: bob(), object: like }));
    expect(await likeCount()).toBe(0);
    expect(await activity()).toEqual([]);
    expect(await unreadActivity()).toBe(0);

    // a boost is counted on the answer, wherever it is shown
    const boostCount = async () => ((await apiAs(t.app, user).get(`/api/users/${user.username}/answers`)).json().items[0] as { boostCount: number }).boostCount;
    expect(await boostCount()).toBe(0);
    const boost = new Announce({ id: new URL(`${peer.origin}/boosts/${crypto.randomUUID()}`), actor: bob(), object: note, to: PUBLIC_COLLECTION });
    await peer.send(actor, boost);
    await peer.send(actor, boost);
    expect(await boostCount()).toBe(1);
    await peer.send(actor, new Undo({ id: new URL(`${boost.id!.href}/undo`), actor: bob(), object: boost }));
    expect(await boostCount()).toBe(0);
    await peer.send(actor, new Announce({ id: new URL(`${peer.origin}/boosts/${crypto.randomUUID()}`), actor: bob(), object: note, to: PUBLIC_COLLECTION }));
    expect(await boostCount()).toBe(1);
    expect(await activity()).toEqual([]);

    // Mastodon mentions the answer's author in a reply: still a reply, not a question
    await peer.send(actor, mentionPost(actor, `<p>@${user.username} nice answer</p>`, 'public', { replyTarget: note }));
    expect(await inbox(user)).toHaveLength(0);
  });

  it("a blocked account's or server's questions never appear, and bob's server sees no difference", async () => {
    const { user, actor } = await publicOwner();
    await deliver(); // whatever earlier tests left to send
    const statuses = peer.inboxStatuses.length;
    const received = peer.received.length;
    await apiAs(t.app, user).post('/api/me/remote-blocks', { kind: 'actor', target: peer.bobUri });
    await peer.send(actor, mentionPost(actor, '<p>from a blocked account</p>'));
    await apiAs(t.app, user).delete(`/api/me/remote-blocks?kind=actor&target=${encodeURIComponent(peer.bobUri)}`);
    await apiAs(t.app, user).post('/api/me/remote-blocks', { kind: 'domain', target: new URL(peer.origin).hostname });
    await peer.send(actor, mentionPost(actor, '<p>from a blocked server</p>'));
    expect(await inbox(user)).toHaveLength(0);
    await deliver();
    // nothing was sent back to bob's server (no Reject, no reply): each send was a plain 202
    expect(peer.received.length).toBe(received);
    expect(peer.inboxStatuses.length).toBe(statuses);

    // blocking later hides what the account asked before
    await apiAs(t.app, user).delete(`/api/me/remote-blocks?kind=domain&target=${new URL(peer.origin).hostname}`);
    await peer.send(actor, mentionPost(actor, '<p>before the block</p>'));
    expect(await inbox(user)).toHaveLength(1);
    await apiAs(t.app, user).post('/api/me/remote-blocks', { kind: 'actor', target: peer.bobUri });
    expect(await inbox(user)).toHaveLength(0);
  });

  it('muted words (look-alikes too), a paused inbox and "who may ask" other than everyone drop remote questions', async () => {
    const { user, actor } = await publicOwner();
    await apiAs(t.app, user).post('/api/me/muted-words', { word: 'spoiler' });
    await peer.send(actor, mentionPost(actor, '<p>a big SP0ILER here</p>'));
    await apiAs(t.app, user).patch('/api/me/settings', { inboxPaused: true });
    await peer.send(actor, mentionPost(actor, '<p>while paused</p>'));
    await apiAs(t.app, user).patch('/api/me/settings', { inboxPaused: false, whoMayAsk: 'following' });
    await peer.send(actor, mentionPost(actor, '<p>not followed</p>'));
    expect(await inbox(user)).toHaveLength(0);
    await apiAs(t.app, user).patch('/api/me/settings', { whoMayAsk: 'everyone' });
    await peer.send(actor, mentionPost(actor, '<p>now welcome</p>'));
    expect((await inbox(user)).map((q) => q.text)).toEqual(['now welcome']);
  });

  it("the question's email names the remote asker", async () => {
    const { user, actor } = await publicOwner();
    await apiAs(t.app, user).patch('/api/me/settings', { emailNotifications: 'each' });
    await peer.send(actor, mentionPost(actor, '<p>an email for this?</p>'));
    const [row] = await queryRows<{ id: string; user_id: string; kind: 'question'; data: Record<string, unknown>; attempts: number }>(
      t.ctx.db,
      sql`select id, user_id, kind, data, attempts from email_outbox where user_id = ${user.id} and kind = 'question'`,
    );
    const deps = { db: t.ctx.db, clock: t.ctx.clock, publicUrl: server.origin, linkSecret: t.ctx.email.linkSecret };
    const message = await composeEmail(deps, row!);
    expect(message?.text).toContain(`Bob from the peer (@bob@${peerHost()}) sent you a question!`);
    expect(message?.text).toContain('an email for this?');
  });

  it('the receiver can report a question from the fediverse; moderators see it in the queue', async () => {
    const { user, actor } = await publicOwner();
    await peer.send(actor, mentionPost(actor, '<p>buy cheap stuff now</p>'));
    const [question] = await inbox(user);
    const reported = await apiAs(t.app, user).post('/api/reports', { kind: 'question', target: question!.id, reason: 'spam' });
    expect(reported.statusCode).toBeLessThan(300);
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const queue = (await apiAs(t.app, admin).get('/api/admin/reports')).json().items as { content: { question: string | null } }[];
    expect(queue.map((r) => r.content.question)).toContain('buy cheap stuff now');
  });

  it('a private profile is asked nothing', async () => {
    const { user, actor } = await publicOwner();
    await apiAs(t.app, user).patch('/api/me/settings', { publicProfile: false });
    // its actor is gone, so bob's server cannot even deliver: the shared inbox takes the post and drops it
    const shared = new URL(`${server.origin}/ap/inbox`);
    await peer.context().sendActivity({ identifier: 'bob' }, { id: actor.id, inboxId: shared }, mentionPost(actor, '<p>hello?</p>'));
    await t.ctx.federation!.receiveNow();
    expect(await inbox(user)).toHaveLength(0);
  });

  it('counts questions per remote account: past the limit they are dropped unseen', async () => {
    const limited = await createTestApp({
      publicUrl: server.origin,
      federation: { ...testFederation, maxAttempts: 4, allowPrivateAddresses: true },
      rateLimits: { ...t.ctx.config.rateLimits, questionsPer10Min: 2 },
    });
    try {
      server.handle((req, res) => limited.app.routing(req, res));
      const user = await signUpUser(limited.app);
      await apiAs(limited.app, user).patch('/api/me/settings', { publicProfile: true });
      const actor = await peer.lookUp(`${user.username}@${host}`);
      for (let i = 0; i < 4; i++) await peer.send(actor, mentionPost(actor, `<p>question ${i}</p>`));
      await limited.ctx.federation!.receiveNow();
      const items = (await apiAs(limited.app, user).get('/api/me/inbox')).json().items as unknown[];
      expect(items).toHaveLength(2);
    } finally {
      server.handle((req, res) => t.app.routing(req, res));
      await limited.close();
    }
  });
});
