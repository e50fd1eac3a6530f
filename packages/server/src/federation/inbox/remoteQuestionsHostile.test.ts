import crypto from 'node:crypto';
import { signRequest } from '@fedify/fedify';
import { hasControlCharacters, MAX_TEXT_LENGTH, textLength } from '@askbox/common';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from '../../test/activityPubPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { startFederatedApp } from '../../test/federatedApp.js';
import { type TlsServer } from '../../test/tls.js';

/**
 * The mention inbox against hostile posts, signed well by a real remote actor (so they reach the
 * listener, past the signature check): huge and deeply nested bodies, wrong types everywhere,
 * forged authors, replays. None is a 5xx; whatever becomes a question is plain, bounded text.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let peer: Peer;
let owner: TestUser;
let actorUri: string;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp({ remoteQuestionsPerServerPer10Min: 100_000 }));
  peer = await startPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
  owner = await signUpUser(t.app);
  await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true });
  actorUri = `${server.origin}/ap/actors/${owner.id}`;
});
afterAll(async () => {
  await peer?.close();
  await closeApp?.();
});

/** POSTs `body` to an inbox, HTTP-signed with bob's key (a Digest is added by Fedify). */
async function postSigned(body: string, path = `/ap/actors/${owner.id}/inbox`) {
  const unsigned = new Request(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body });
  const signed = await signRequest(unsigned, peer.bobKeys.privateKey, new URL(peer.bobKeyId));
  return t.app.inject({ method: 'POST', url: path, headers: Object.fromEntries(signed.headers.entries()), payload: body });
}

const AS = 'https://www.w3.org/ns/activitystreams';
function create(note: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const id = `${peer.origin}/notes/${crypto.randomUUID()}`;
  return {
    '@context': AS,
    type: 'Create',
    id: `${id}/activity`,
    actor: peer.bobUri,
    to: [`${AS}#Public`],
    object: { type: 'Note', id, attributedTo: peer.bobUri, to: [`${AS}#Public`], tag: [{ type: 'Mention', href: actorUri }], content: 'hello?', ...note },
    ...overrides,
  };
}

/** the owner's questions, once the inbox queue has been handled */
const inboxTexts = async () => {
  await t.ctx.federation!.receiveNow();
  return ((await apiAs(t.app, owner).get('/api/me/inbox')).json().items as { text: string }[]).map((q) => q.text);
};

describe('hostile posts mentioning a user', () => {
  it('never make a 5xx, and what becomes a question is plain bounded text', async () => {
    // 5,000 levels deep, written as text (JSON.stringify itself would overflow)
    const nested = `${'{"a":'.repeat(5_000)}"deep"${'}'.repeat(5_000)}`;
    const withNested = (body: object) => JSON.stringify(body).replace('"NESTED"', nested);
    const fixed: unknown[] = [
      create({ content: `<p>${'<b>'.repeat(20_000)}deep html${'</b>'.repeat(20_000)}</p>` }),
      create({ content: 'x'.repeat(900_000) }),
      create({ content: 42 }),
      create({ content: null, contentMap: { en: '<p>from a map</p>' } }),
      create({ content: ['a', 'b'] }),
      create({ tag: 'not a list' }),
      create({ tag: [{ type: 'Mention', href: 42 }] }),
      create({ tag: [{ type: 'Hashtag', href: actorUri }] }),
      create({ tag: Array.from({ length: 500 }, () => ({ type: 'Mention', href: actorUri })) }),
      create({ attributedTo: `${peer.origin}/users/someone-else`, content: '<p>from someone else</p>' }),
      create({ type: 'Article' }),
      withNested(create({ nested: 'NESTED' })),
      create({}, { object: 'https://nowhere.invalid/notes/1' }),
      create({}, { actor: `${peer.origin}/users/carol` }),
      withNested(create({ inReplyTo: 'NESTED' })),
      create({ content: '<p>\u0000\u0007 control\u009b chars &#0; &#x110000; &#xD800;</p>' }),
      { '@context': AS, type: 'Create' },
      [],
      'null',
    ];
    const failures: string[] = [];
    for (const body of fixed) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await postSigned(text);
      if (response.statusCode >= 500) failures.push(`${text.slice(0, 120)} → ${response.statusCode}`);
    }
    const hostileValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ content: hostileValue, tag: hostileValue, to: hostileValue, inReplyTo: hostileValue, summary: hostileValue }, { requiredKeys: [] }),
        async (note) => {
          const response = await postSigned(JSON.stringify(create(note)));
          if (response.statusCode >= 500) failures.push(`${JSON.stringify(note).slice(0, 200)} → ${response.statusCode}`);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: Number(process.env.FUZZ_SEED ?? 20261128) },
    );
    expect(failures).toEqual([]);
    const texts = await inboxTexts();
    expect(texts.length).toBeGreaterThan(0);
    // a Note whose author is not the activity's actor asks nothing
    expect(texts).not.toContain('from someone else');
    for (const text of texts) {
      expect(textLength(text)).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      expect(hasControlCharacters(text, { multiline: true })).toBe(false);
      expect(text).not.toMatch(/<|>/);
    }
    // a few hundred signed requests: slow on a busy machine
  }, 180_000);

  it('a replayed delivery and a forged actor ask nothing more', async () => {
    const before = (await inboxTexts()).length;
    const body = JSON.stringify(create({ content: '<p>only once</p>' }));
    expect((await postSigned(body)).statusCode).toBe(202);
    // the same signed request again (a replay), and to the shared inbox
    expect((await postSigned(body)).statusCode).toBeLessThan(300);
    expect((await postSigned(body, '/ap/inbox')).statusCode).toBeLessThan(300);
    expect((await inboxTexts()).filter((text) => text === 'only once')).toHaveLength(1);
    // signed by bob, claiming to be carol: refused before any listener
    const forged = JSON.stringify(create({ content: '<p>forged</p>', attributedTo: `${peer.origin}/users/carol` }, { actor: `${peer.origin}/users/carol` }));
    expect((await postSigned(forged)).statusCode).toBe(401);
    expect((await inboxTexts()).length).toBe(before + 1);
  });
});
