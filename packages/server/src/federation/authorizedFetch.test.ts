import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { apiAs, signUpUser } from '../test/harness.js';
import { startFederatedApp, testFederation } from '../test/federatedApp.js';
import type { TlsServer } from '../test/tls.js';
import type { TestApp } from '../test/harness.js';

/**
 * FEDERATION_AUTHORIZED_FETCH (decision 356): Askbox answers ActivityPub reads only when signed,
 * as Mastodon's AUTHORIZED_FETCH does. An unsigned read of an actor shows its key and addresses
 * alone (servers that read keys unsigned still check what it sends); anything else unsigned is a
 * 401; the instance actor, WebFinger and browsers are answered as ever.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let mo: HandBuiltPeer;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp({ federation: { ...testFederation, authorizedFetch: true } }));
  mo = await startHandBuiltPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
});
afterAll(async () => {
  await mo?.close();
  await closeApp?.();
});

const unsigned = (url: string, accept = 'application/activity+json') => fetch(url, { headers: { accept }, redirect: 'manual' });

describe('Askbox answering reads only when signed', () => {
  it('shows an actor unsigned by its key alone, refuses the rest unsigned, and answers a signed read in full', async () => {
    const alice = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const actor = `${server.origin}/ap/actors/${alice.id}`;
    const bob = await signUpUser(t.app);
    const { id } = (await apiAs(t.app, bob).post(`/api/users/${alice.username}/questions`, { text: 'Summer or winter?', isAnonymous: true })).json() as {
      id: string;
    };
    await apiAs(t.app, alice).post(`/api/questions/${id}/answer`, { answer: 'Winter.' });
    const note = `${server.origin}/ap/answers/${id}`;

    const stub = await unsigned(actor);
    expect(stub.status).toBe(200);
    const keyOnly = (await stub.json()) as Record<string, unknown>;
    expect(Object.keys(keyOnly).sort()).toEqual(['@context', 'endpoints', 'id', 'inbox', 'outbox', 'preferredUsername', 'publicKey', 'type']);
    expect(keyOnly).toMatchObject({ id: actor, publicKey: { id: `${actor}#main-key`, owner: actor } });
    for (const url of [note, `${actor}/outbox`, `${actor}/followers`]) expect((await unsigned(url)).status, url).toBe(401);
    const head = await fetch(actor, { method: 'HEAD', headers: { accept: 'application/activity+json' } });
    expect(head.status).toBe(200);
    expect((await fetch(note, { method: 'HEAD', headers: { accept: 'application/activity+json' } })).status).toBe(401);

    const full = await mo.read(actor);
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({ id: actor, type: 'Person', url: `${server.origin}/u/${alice.username}`, followers: `${actor}/followers` });
    const signedNote = await mo.read(note);
    expect(signedNote.status).toBe(200);
    expect(String(signedNote.json!.content)).toContain('Winter.');
    expect((await mo.read(`${actor}/outbox`)).status).toBe(200);

    // a browser keeps its redirect to the profile page; WebFinger and the instance actor stay open
    expect((await unsigned(actor, 'text/html')).status).toBe(302);
    const host = new URL(server.origin).host;
    expect((await unsigned(`${server.origin}/.well-known/webfinger?resource=acct:${alice.username}@${host}`, 'application/jrd+json')).status).toBe(200);
    const instance = await unsigned(`${server.origin}/ap/actors/instance`);
    expect(instance.status).toBe(200);
    expect(((await instance.json()) as { type: string }).type).toBe('Application');
  });

  it('still takes questions and delivers answers a server that reads keys unsigned can check', async () => {
    const carol = await signUpUser(t.app);
    await apiAs(t.app, carol).patch('/api/me/settings', { publicProfile: true });
    const actor = `${server.origin}/ap/actors/${carol.id}`;
    const postId = `${mo.origin}/users/mo/statuses/${crypto.randomInt(1e9)}`;
    const create = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${postId}/activity`,
      type: 'Create',
      actor: mo.actorUri,
      object: {
        id: postId,
        type: 'Note',
        attributedTo: mo.actorUri,
        to: ['https://www.w3.org/ns/activitystreams#Public'],
        cc: [actor],
        content: `<p>@${carol.username} favourite river?</p>`,
        tag: [{ type: 'Mention', href: actor, name: `@${carol.username}` }],
      },
    };
    expect(await mo.send(`${actor}/inbox`, create)).toBe(202);
    const [question] = (await apiAs(t.app, carol).get('/api/me/inbox')).json().items as { id: string; text: string }[];
    expect(question!.text).toBe('favourite river?');

    await apiAs(t.app, carol).post(`/api/questions/${question!.id}/answer`, { answer: 'The Loire.' });
    await t.ctx.federation!.deliverNow();
    // mo read carol's key unsigned (the key-only actor) and found the delivery's signature good
    expect(mo.received.at(-1)).toMatchObject({ verified: true, activity: { type: 'Create' } });
  });
});
