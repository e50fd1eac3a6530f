import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** Share cards in the HTML of public profiles, the Atom feed (validated against RFC 4287's schema), and nothing at all for private ones. */
let t: TestApp;
let webDir: string;
const origin = 'https://askbox.example';
const atomSchema = fs.readFileSync(new URL('./atom.rng', import.meta.url), 'utf8');

beforeAll(async () => {
  // a stand-in for the built web app's index.html: the pages are it, plus tags in <head>
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Askbox</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  t = await createTestApp({ webDistDir: webDir, publicUrl: origin });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const makePublic = (user: TestUser, on = true) => apiAs(t.app, user).patch('/api/me/settings', { publicProfile: on });
const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).json().id as string;
const answer = (by: TestUser, id: string, text: string) => apiAs(t.app, by).post(`/api/questions/${id}/answer`, { answer: text });
const page = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } });

/** The content of <meta property|name="key">, entities decoded. */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match
    ? match[1]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : null;
}

async function validateAtom(xml: string) {
  return validateXML({ xml: { fileName: 'feed.xml', contents: xml }, schema: { fileName: 'atom.rng', contents: atomSchema }, extension: 'relaxng' });
}

describe('a private profile (the default)', () => {
  it('exposes nothing: the plain app page, no feed, no actor, no WebFinger', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    const id = await ask(asker, owner, 'a private question');
    await answer(owner, id, 'a private answer');

    const profile = await page(`/u/${owner.username}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('og:');
    expect(profile.body).not.toContain('twitter:');
    expect(profile.body).not.toContain('alternate');
    expect(profile.body).toBe(fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'));
    expect((await page(`/u/${owner.username}/answers/${id}`)).body).not.toContain('og:');
    expect((await page(`/u/${owner.username}/feed.atom`)).statusCode).toBe(404);
    expect((await page(`/u/${owner.username}`, 'application/activity+json')).statusCode).toBe(404);
    expect((await page(`/.well-known/webfinger?resource=acct:${owner.username}@askbox.example`)).statusCode).toBe(404);
    expect((await page(`/ap/actors/${owner.id}`, 'application/activity+json')).statusCode).toBe(404);
    expect((await page(`/ap/answers/${id}`, 'application/activity+json')).statusCode).toBe(404);
    // an unknown user looks exactly the same
    expect((await page('/u/nobody_here/feed.atom')).body).toBe((await page(`/u/${owner.username}/feed.atom`)).body);
  });
});

describe('a public profile', () => {
  it('carries Open Graph and Twitter card tags (name, @username, bio, picture, answer count), escaped', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Zoé "<script>alert(1)</script>' });
    await apiAs(t.app, owner).patch('/api/me/profile', { fullname: 'Zoé "<script>alert(1)</script>', bio: 'I answer <b>everything</b> & more', website: '' });
    const asker = await signUpUser(t.app);
    for (const n of [1, 2, 3]) await answer(owner, await ask(asker, owner, `question ${n}`), `answer ${n}`);
    await makePublic(owner);

    const html = (await page(`/u/${owner.username}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>everything</b>');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:title')).toBe(`Zoé "<script>alert(1)</script> (@${owner.username})`);
    expect(meta(html, 'og:description')).toBe('I answer <b>everything</b> & more · 3 answers');
    expect(meta(html, 'og:url')).toBe(`${origin}/u/${owner.username}`);
    expect(meta(html, 'og:image')).toBe(`${origin}/icons/icon-512.png`);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Zoé &quot;&lt;script&gt;alert(1)&lt;/script&gt; (@${owner.username})" href="${origin}/u/${owner.username}/feed.atom" />`,
    );
    expect(html).toContain(`<link rel="alternate" type="application/activity+json" href="${origin}/ap/actors/${owner.id}" />`);
    // the tags sit in <head>, before it closes
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    // off again: the plain page
    await makePublic(owner, false);
    expect((await page(`/u/${owner.username}`)).body).not.toContain('og:');
  });

  it('says where a moved account went, in its link preview and for the signed-out screen to show', async () => {
    const owner = await signUpUser(t.app);
    await makePublic(owner);
    await t.ctx.db
      .update(users)
      .set({ movedTo: { handle: '@new@elsewhere.example', uri: 'https://elsewhere.example/users/new' }, movedAt: new Date() })
      .where(eq(users.id, owner.id));
    const html = (await page(`/u/${owner.username}`)).body;
    expect(meta(html, 'og:description')).toBe('This account has moved to @new@elsewhere.example · 0 answers on Askbox');
    expect(html).toContain(`<meta name="askbox:moved-to" content="@new@elsewhere.example" data-username="${owner.username}" />`);
  });

  it("gives a single answer's page its own card; anonymous askers read as 'Anonymous'", async () => {
    const owner = await signUpUser(t.app, { fullname: 'Card Owner' });
    const asker = await signUpUser(t.app, { username: `hidden_${Date.now() % 100000}` });
    await makePublic(owner);
    const id = await ask(asker, owner, 'What do you think of "quotes" & <tags>?');
    await answer(owner, id, 'They must be escaped.');
    const html = (await page(`/u/${owner.username}/answers/${id}`)).body;
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:title')).toBe(`Card Owner (@${owner.username}) answered Anonymous: “What do you think of "quotes" & <tags>?”`);
    expect(meta(html, 'og:description')).toBe('They must be escaped.');
    expect(meta(html, 'og:url')).toBe(`${origin}/u/${owner.username}/answers/${id}`);
    expect(html).not.toContain(asker.username);
    // an id that is not this user's answer: the plain page
    expect((await page(`/u/${owner.username}/answers/not-an-answer`)).body).not.toContain('og:');
  });

  it("keeps a question's `$` characters as text: the page is the shell once, with the title intact", async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const text = "Costs $` or $' or $& ?";
    const id = await ask(asker, owner, text);
    await answer(owner, id, 'Nothing.');
    const html = (await page(`/u/${owner.username}/answers/${id}`)).body;
    expect(html.split('<!doctype html>')).toHaveLength(2);
    expect(meta(html, 'og:title')).toContain(`“${text}”`);
  });

  it("drops a suspended asker's name from public pages (decision 108), and brings it back on restoring", async () => {
    const owner = await signUpUser(t.app, { fullname: 'Page Owner' });
    const asker = await signUpUser(t.app, { username: `named_${Date.now() % 100000}` });
    await makePublic(owner);
    await makePublic(asker);
    const id = await ask(asker, owner, 'A named question?', false);
    await answer(owner, id, 'A public answer.');
    const pages = async () => [(await page(`/u/${owner.username}/feed.atom`)).body, (await page(`/u/${owner.username}/answers/${id}`)).body];
    for (const body of await pages()) expect(body).toContain(`@${asker.username}`);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, asker.id));
    for (const body of await pages()) expect(body).not.toContain(asker.username);
    await t.ctx.db.update(users).set({ suspendedAt: null }).where(eq(users.id, asker.id));
    for (const body of await pages()) expect(body).toContain(`@${asker.username}`);
  });

  it('has an Atom feed of the newest 20 answers that validates against RFC 4287 and parses in a feed reader', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Feed & Owner' });
    const anonymousAsker = await signUpUser(t.app, { username: `anon_${Date.now() % 100000}`, fullname: 'Secret Asker' });
    const privateAsker = await signUpUser(t.app);
    const publicAsker = await signUpUser(t.app);
    await makePublic(owner);
    await makePublic(publicAsker);
    const at = Date.now();
    await t.ctx.db.insert(questions).values(
      Array.from({ length: 22 }, (_, i) => ({
        id: `feed-${owner.id}-${i}`,
        senderId: anonymousAsker.id,
        receiverId: owner.id,
        text: `Old question ${i} with <markup> & "quotes"`,
        answer: `Old answer ${i}`,
        isAnonymous: true,
        answered: true,
        answeredAt: new Date(at - (30 - i) * 60_000),
      })),
    );
    await answer(owner, await ask(privateAsker, owner, 'named but private', false), 'shown as anonymous');
    await answer(owner, await ask(publicAsker, owner, 'named and public', false), 'shown by name');

    const response = await page(`/u/${owner.username}/feed.atom`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = response.body;

    const validation = await validateAtom(xml);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe(`Feed & Owner (@${owner.username}) on Askbox`);
    expect(feed.url).toBe(`${origin}/u/${owner.username}`);
    expect(feed.self).toBe(`${origin}/u/${owner.username}/feed.atom`);
    expect(feed.items).toHaveLength(20);
    const ids = feed.items.map((item) => item.id);
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => id?.startsWith(`${origin}/u/${owner.username}/answers/`))).toBe(true);
    // newest first; the feed's updated time is the newest answer's
    const times = feed.items.map((item) => item.updated!.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(feed.updated?.getTime()).toBe(times[0]);

    const [newest, second] = feed.items;
    expect(newest!.title).toBe('named and public');
    expect(newest!.content).toContain(`@${publicAsker.username} asked:`);
    expect(second!.content).toContain('Anonymous asked:');
    expect(second!.content).not.toContain(privateAsker.username);
    expect(feed.items.some((item) => item.title === 'Old question 21 with <markup> & "quotes"')).toBe(true);
    // RFC 4287 rules the schema cannot say: an author for every entry (the feed's), one alternate link per entry
    expect(feed.authors.map((a) => a.name)).toEqual(['Feed & Owner']);
    for (const item of feed.items) {
      expect(item.element.findElementsWithName('link').filter((link) => link.getAttribute('rel') === 'alternate')).toHaveLength(1);
    }
    for (const secret of [anonymousAsker.id, anonymousAsker.username, 'Secret Asker', anonymousAsker.email]) expect(xml).not.toContain(secret);
  });

  it('is an ActivityPub actor found by WebFinger and NodeInfo; browsers on an actor URI land on the page', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Fedi Owner' });
    await makePublic(owner);
    const finger = await page(`/.well-known/webfinger?resource=acct:${owner.username}@askbox.example`, 'application/jrd+json');
    expect(finger.statusCode).toBe(200);
    const self = finger.json().links.find((link: { rel: string }) => link.rel === 'self');
    expect(self).toMatchObject({ type: 'application/activity+json', href: `${origin}/ap/actors/${owner.id}` });
    // the profile page's URL works as a WebFinger resource too
    expect((await page(`/.well-known/webfinger?resource=${encodeURIComponent(`${origin}/u/${owner.username}`)}`)).statusCode).toBe(200);

    const actor = await page(`/ap/actors/${owner.id}`, 'application/activity+json');
    expect(actor.statusCode).toBe(200);
    expect(actor.json()).toMatchObject({
      type: 'Person',
      id: `${origin}/ap/actors/${owner.id}`,
      preferredUsername: owner.username,
      name: 'Fedi Owner',
      inbox: `${origin}/ap/actors/${owner.id}/inbox`,
      outbox: `${origin}/ap/actors/${owner.id}/outbox`,
      followers: `${origin}/ap/actors/${owner.id}/followers`,
      url: `${origin}/u/${owner.username}`,
    });
    expect(actor.json().publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    // /u/:username asked for as ActivityStreams: to the actor; a browser on the actor URI: to the page
    const negotiated = await page(`/u/${owner.username}`, 'application/activity+json');
    expect(negotiated.statusCode).toBe(302);
    expect(negotiated.headers.location).toBe(`${origin}/ap/actors/${owner.id}`);
    const browser = await page(`/ap/actors/${owner.id}`, 'text/html');
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe(`${origin}/u/${owner.username}`);

    const nodeinfoLinks = await page('/.well-known/nodeinfo', 'application/json');
    expect(nodeinfoLinks.json().links[0].href).toBe(`${origin}/nodeinfo/2.1`);
    const nodeinfo = await page('/nodeinfo/2.1', 'application/json');
    expect(nodeinfo.json()).toMatchObject({ software: { name: 'askbox' }, protocols: ['activitypub'] });
    expect(nodeinfo.json().usage.users.total).toBeGreaterThanOrEqual(1);
  });

  it('has a paged outbox of Create(Note) activities, newest first, 20 a page', async () => {
    const owner = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await makePublic(owner);
    const at = Date.now();
    await t.ctx.db.insert(questions).values(
      Array.from({ length: 23 }, (_, i) => ({
        id: `out-${owner.id}-${i}`,
        senderId: asker.id,
        receiverId: owner.id,
        text: `q${i}`,
        answer: `a${i}`,
        answered: true,
        answeredAt: new Date(at - i * 1000),
      })),
    );
    const outbox = (await page(`/ap/actors/${owner.id}/outbox`, 'application/activity+json')).json();
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 23 });
    const first = (await page(new URL(outbox.first).pathname + new URL(outbox.first).search, 'application/activity+json')).json();
    expect(first.type).toBe('OrderedCollectionPage');
    expect(first.orderedItems).toHaveLength(20);
    expect(first.orderedItems[0]).toMatchObject({ type: 'Create', object: { type: 'Note', id: `${origin}/ap/answers/out-${owner.id}-0` } });
    const next = (await page(new URL(first.next).pathname + new URL(first.next).search, 'application/activity+json')).json();
    expect(next.orderedItems).toHaveLength(3);
    expect(next.next).toBeUndefined();
    const note = (await page(`/ap/answers/out-${owner.id}-0`, 'application/activity+json')).json();
    expect(note).toMatchObject({
      type: 'Note',
      attributedTo: `${origin}/ap/actors/${owner.id}`,
      url: `${origin}/u/${owner.username}/answers/out-${owner.id}-0`,
    });
    // the question as its content warning (the default), the answer as its content
    expect(note.summary).toBe('q0');
    expect(note.content).toContain('<p>Anonymous asked:</p><p>a0</p>');
  });
});
