import crypto from 'node:crypto';
import { Follow, signJsonLd, signRequest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasControlCharacters } from '@askbox/common';
import { startPeer, type Peer } from '../../test/activityPubPeer.js';
import { apiAs, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { startFederatedApp } from '../../test/federatedApp.js';
import { type TlsServer } from '../../test/tls.js';

/**
 * The inboxes against hostile requests: every method meets the HTTP-signature check first, a
 * Linked Data signature alone is not enough, malformed signature headers are a 401, and what a
 * remote actor says of itself is cleaned and bounded before it is stored.
 */
let server: TlsServer;
let t: TestApp;
let closeApp: (() => Promise<void>) | undefined;
let peer: Peer;
let owner: TestUser;
let actorUri: string;

beforeAll(async () => {
  ({ server, t, close: closeApp } = await startFederatedApp());
  peer = await startPeer({ afterSend: () => t.ctx.federation!.receiveNow() });
  owner = await signUpUser(t.app);
  await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true });
  actorUri = `${server.origin}/ap/actors/${owner.id}`;
});
afterAll(async () => {
  await peer?.close();
  await closeApp?.();
});

const METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'POST'] as const;
const inboxes = () => ['/ap/inbox', `/ap/actors/${owner.id}/inbox`];
/** bob's followings of the owner, once the inbox queue has been handled */
const remoteFollowers = async () => {
  await t.ctx.federation!.receiveNow();
  return (await apiAs(t.app, owner).get(`/api/users/${owner.username}/remote-followers`)).json().items as { handle: string; name: string }[];
};

/** bob's Follow of the owner, as JSON-LD signed with a Linked Data signature (no HTTP Signature). */
async function ldSignedFollow(): Promise<string> {
  const ctx = peer.context();
  const follow = new Follow({ id: new URL(`${peer.origin}/follows/${crypto.randomUUID()}`), actor: new URL(peer.bobUri), object: new URL(actorUri) });
  const json = await follow.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader });
  return JSON.stringify(await signJsonLd(json, peer.bobKeys.privateKey, new URL(peer.bobKeyId), { contextLoader: ctx.contextLoader }));
}

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return t.app.inject({
    method: method as 'POST',
    url: path,
    headers: { host: new URL(server.origin).host, ...headers },
    payload: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
}

describe('every method on every inbox', () => {
  it('meets the HTTP-signature check first: a Linked Data signature alone is refused, and nobody becomes a follower', async () => {
    const body = await ldSignedFollow();
    const failures: string[] = [];
    for (const path of inboxes()) {
      for (const method of METHODS) {
        const response = await send(method, path, { 'content-type': 'application/activity+json' }, body);
        if (response.statusCode !== 401) failures.push(`${method} ${path} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await remoteFollowers()).toEqual([]);
  });

  it('answers 405 to anything but POST, even well signed', async () => {
    const failures: string[] = [];
    for (const path of inboxes()) {
      for (const method of METHODS.filter((m) => m !== 'POST')) {
        const unsigned = new Request(`${server.origin}${path}`, { method, headers: { 'content-type': 'application/activity+json' } });
        const signed = await signRequest(unsigned, peer.bobKeys.privateKey, new URL(peer.bobKeyId));
        const headers = Object.fromEntries(signed.headers.entries());
        const response = await send(method, path, headers);
        if (response.statusCode !== 405 || response.headers.allow !== 'POST') failures.push(`${method} ${path} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await remoteFollowers()).toEqual([]);
  });
});

describe('malformed signature headers', () => {
  it('are a 401, never a 500', async () => {
    const date = new Date().toUTCString();
    const cases: Record<string, string>[] = [
      { date: 'garbage', signature: 'keyId="not a url",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"' },
      { date, signature: 'keyId="not a url",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"' },
      { date, signature: 'garbage' },
      { date, signature: 'keyId=",headers=,signature=' },
      { date, signature: `keyId="${peer.bobKeyId}",headers="(request-target) host date",signature="%%%not base64%%%"` },
      { date, signature: `keyId="${peer.bobKeyId}",algorithm="nonsense",headers="nothing-here",signature="AAAA"` },
      { date, signature: `keyId="javascript:alert(1)",headers="date",signature="AAAA"` },
      { date, signature: `keyId="${'x'.repeat(10_000)}",headers="date",signature="AAAA"` },
      { date: '', signature: '' },
      { date: 'Mon, 99 Foo 99999 99:99:99 GMT', signature: `keyId="${peer.bobKeyId}",headers="(request-target) host date",signature="AAAA"` },
      { date, digest: 'SHA-256=garbage', signature: `keyId="${peer.bobKeyId}",headers="(request-target) host date digest",signature="AAAA"` },
      { date, digest: 'nonsense', signature: `keyId="${peer.bobKeyId}",headers="digest",signature="AAAA"` },
      { date, 'signature-input': 'sig1=("@method");keyid="not a url"', signature: 'sig1=:AAAA:' },
    ];
    const failures: string[] = [];
    for (const path of inboxes()) {
      for (const headers of cases) {
        for (const [method, body] of [
          ['POST', '{"type":"Follow"}'],
          ['PUT', '{"type":"Follow"}'],
          ['POST', undefined],
          ['GET', undefined],
        ] as const) {
          // a Digest that matches, so the check reaches the Date and the keyId
          const digest = `SHA-256=${crypto
            .createHash('sha256')
            .update(body ?? '')
            .digest('base64')}`;
          const response = await send(method, path, { 'content-type': 'application/activity+json', digest, ...headers }, body);
          if (response.statusCode !== 401)
            failures.push(`${method} ${path} ${JSON.stringify(headers).slice(0, 120)} ${body ?? 'no body'} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('what a remote actor says of itself', () => {
  it('is cleaned of control characters and bounded before it is stored', async () => {
    peer.setBobProfile({
      preferredUsername: `b\u0000o\u0007b${'x'.repeat(100_000)}`,
      name: `Evil\u0000 Bob\u001b[31m ${'y'.repeat(10_000)}`,
      summary: 'a\u0000b',
    });
    try {
      const follow = await peer.follow(
        await peer
          .context()
          .lookupObject(actorUri)
          .then((a) => a as never),
      );
      expect(follow.id).toBeTruthy();
      const [follower] = await remoteFollowers();
      expect(follower).toBeDefined();
      for (const value of Object.values(follower!)) if (typeof value === 'string') expect(hasControlCharacters(value, { multiline: false })).toBe(false);
      expect(follower!.name.startsWith('Evil Bob[31m')).toBe(true);
      expect(follower!.name.length).toBeLessThanOrEqual(80);
      expect(follower!.handle.startsWith('@bobxxx')).toBe(true);
      expect(follower!.handle.length).toBeLessThanOrEqual(100);
    } finally {
      peer.setBobProfile({});
    }
  });
});
