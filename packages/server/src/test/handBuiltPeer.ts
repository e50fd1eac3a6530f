import crypto from 'node:crypto';
import { startTlsServer, type TlsServer } from './tls.js';

/**
 * A second ActivityPub peer with no Fedify in it: one Mastodon-shaped account ('mo'), its actor
 * document written by hand, requests signed by hand with node:crypto (draft-cavage HTTP
 * Signatures, rsa-sha256, with a SHA-256 Digest, as Mastodon signs), and an inbox that verifies
 * the signatures of what it receives against the sender's own published key.
 *
 * With `signedReadsOnly` it answers reads as GoToSocial does (and Mastodon's, Misskey's and
 * Akkoma's "authorized fetch" / secure modes): its actor and posts only to a request whose HTTP
 * Signature verifies against the signer's published key (401 otherwise), an unsigned stub of the
 * actor with just its key at `…/main-key`, and `hs2019` as the algorithm of its own signatures.
 */
export interface HandBuiltPeer {
  origin: string;
  actorUri: string;
  /** Activities that reached mo's inboxes, with whether their signature verified. */
  received: { activity: Record<string, unknown>; verified: boolean }[];
  /** POSTs an activity by mo, signed, to an inbox URL; returns the HTTP status. */
  send(inboxUrl: string, activity: Record<string, unknown>): Promise<number>;
  /** GETs a document as mo, signed as Mastodon signs its reads (`(request-target) host date`); the status and the JSON, if any. */
  read(url: string): Promise<{ status: number; json: Record<string, unknown> | null }>;
  /** The accounts mo's actor document names as mo's old ones (alsoKnownAs) from now on. */
  setAliases(uris: string[]): void;
  /** The next `count` reads of mo's actor document answer 503, as a server restarting does. */
  failActorReads(count: number): void;
  /** How many times mo's actor document was asked for (the answers that failed included). */
  readonly actorReads: number;
  /** With `signedReadsOnly`, every GET it answered: the path, the keyId of a signature that verified (null when unsigned or not verified), the status. */
  reads: { path: string; signedBy: string | null; status: number }[];
  close(): Promise<void>;
}

/** `afterSend`: as for the Fedify peer (activityPubPeer.ts), the app's `receiveNow` in tests. */
export async function startHandBuiltPeer(options: { afterSend?: () => Promise<void>; signedReadsOnly?: boolean } = {}): Promise<HandBuiltPeer> {
  const server: TlsServer = await startTlsServer();
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const actorUri = `${server.origin}/users/mo`;
  const signedOnly = options.signedReadsOnly ?? false;
  const keyId = signedOnly ? `${actorUri}/main-key` : `${actorUri}#main-key`;
  const received: HandBuiltPeer['received'] = [];
  const reads: HandBuiltPeer['reads'] = [];
  let actorReadsToFail = 0;
  let actorReads = 0;
  let aliases: string[] = [];
  const actor = {
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id: actorUri,
    type: 'Person',
    preferredUsername: 'mo',
    name: 'Mo from a hand-built server',
    inbox: `${actorUri}/inbox`,
    outbox: `${actorUri}/outbox`,
    followers: `${actorUri}/followers`,
    endpoints: { sharedInbox: `${server.origin}/inbox` },
    url: `${server.origin}/@mo`,
    publicKey: { id: keyId, owner: actorUri, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  };

  /** What GoToSocial serves unsigned at the key's address: the actor's id, type, name and key, nothing else. */
  const keyStub = {
    '@context': actor['@context'],
    id: actorUri,
    type: 'Person',
    preferredUsername: 'mo',
    publicKey: actor.publicKey,
  };

  server.handle((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'GET') {
        const signedBy = !signedOnly ? null : await verifiedRead(req.url ?? '/', req.headers as Record<string, string>).catch(() => null);
        const answer = (status: number, document?: unknown) => {
          reads.push({ path, signedBy, status });
          if (document === undefined) res.writeHead(status).end();
          else res.writeHead(status, { 'content-type': 'application/activity+json' }).end(JSON.stringify(document));
        };
        // WebFinger is read unsigned, as Mastodon answers it whatever its mode
        if (path === '/.well-known/webfinger') {
          const resource = new URL(req.url ?? '/', server.origin).searchParams.get('resource');
          if (resource !== `acct:mo@${new URL(server.origin).host}`) return answer(404);
          return answer(200, { subject: resource, links: [{ rel: 'self', type: 'application/activity+json', href: actorUri }] });
        }
        if (signedOnly && path === '/users/mo/main-key') return answer(200, keyStub);
        if (signedOnly && !signedBy) return answer(401);
        if (path === '/users/mo') actorReads++;
        if (path === '/users/mo' && actorReadsToFail > 0) {
          actorReadsToFail--;
          return answer(503);
        }
        if (path === '/users/mo') return answer(200, aliases.length > 0 ? { ...actor, alsoKnownAs: aliases } : actor);
        return answer(404);
      }
      if (req.method === 'POST' && (path === '/users/mo/inbox' || path === '/inbox')) {
        const verified = await verify(req.method, req.url ?? '/', req.headers as Record<string, string>, body).catch(() => false);
        received.push({ activity: JSON.parse(body) as Record<string, unknown>, verified });
        res.writeHead(verified ? 202 : 401).end();
        return;
      }
      res.writeHead(404).end();
    })();
  });

  /**
   * The keyId of a GET's draft-cavage signature when it covers `(request-target)`, `host` and a
   * `date` of the last five minutes and verifies against the key its keyId names; null otherwise.
   */
  async function verifiedRead(url: string, headers: Record<string, string>): Promise<string | null> {
    const params = Object.fromEntries([...(headers.signature ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    const names = (params.headers ?? '').split(' ');
    if (!params.keyId || !params.signature || !['(request-target)', 'host', 'date'].every((name) => names.includes(name))) return null;
    if (Math.abs(Date.now() - Date.parse(headers.date ?? '')) > 5 * 60 * 1000) return null;
    const key = await fetch(params.keyId, { headers: { accept: 'application/activity+json' } }).then(
      (r) => r.json() as Promise<{ publicKey?: { id?: string; publicKeyPem?: string } }>,
    );
    if (key.publicKey?.id !== params.keyId || !key.publicKey.publicKeyPem) return null;
    const signingString = names.map((name) => (name === '(request-target)' ? `(request-target): get ${url}` : `${name}: ${headers[name] ?? ''}`)).join('\n');
    return crypto.verify('sha256', Buffer.from(signingString), key.publicKey.publicKeyPem, Buffer.from(params.signature, 'base64')) ? params.keyId : null;
  }

  /** Checks a draft-cavage signature: the Digest of the body, then the signing string against the key its keyId names. */
  async function verify(method: string, url: string, headers: Record<string, string>, body: string): Promise<boolean> {
    const digest = `SHA-256=${crypto.createHash('sha256').update(body).digest('base64')}`;
    if (headers.digest !== digest) return false;
    const params = Object.fromEntries([...(headers.signature ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (!params.keyId || !params.headers || !params.signature) return false;
    const key = await fetch(params.keyId, { headers: { accept: 'application/activity+json' } }).then(
      (r) => r.json() as Promise<{ publicKey?: { publicKeyPem?: string } }>,
    );
    const pem = key.publicKey?.publicKeyPem;
    if (!pem) return false;
    const signingString = params.headers
      .split(' ')
      .map((name) => (name === '(request-target)' ? `(request-target): ${method.toLowerCase()} ${url}` : `${name}: ${headers[name] ?? ''}`))
      .join('\n');
    return crypto.verify('sha256', Buffer.from(signingString), pem, Buffer.from(params.signature, 'base64'));
  }

  return {
    origin: server.origin,
    actorUri,
    received,
    async send(inboxUrl, activity) {
      const status = await signedPost(inboxUrl, activity, keyId, privateKey, signedOnly ? 'hs2019' : 'rsa-sha256');
      await options.afterSend?.();
      return status;
    },
    async read(url) {
      const target = new URL(url);
      const date = new Date().toUTCString();
      const signingString = `(request-target): get ${target.pathname}${target.search}\nhost: ${target.host}\ndate: ${date}`;
      const signature = crypto.sign('sha256', Buffer.from(signingString), privateKey).toString('base64');
      const response = await fetch(url, {
        headers: {
          accept: 'application/activity+json',
          date,
          signature: `keyId="${keyId}",algorithm="${signedOnly ? 'hs2019' : 'rsa-sha256'}",headers="(request-target) host date",signature="${signature}"`,
        },
      });
      const text = await response.text();
      return { status: response.status, json: response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
    setAliases(uris) {
      aliases = uris;
    },
    failActorReads(count) {
      actorReadsToFail = count;
    },
    get actorReads() {
      return actorReads;
    },
    reads,
    close: () => server.close(),
  };
}

/** POSTs `activity` signed as Mastodon signs (draft-cavage, rsa-sha256, a SHA-256 Digest) with the key `keyId` names; returns the HTTP status. */
export async function signedPost(
  inboxUrl: string,
  activity: Record<string, unknown>,
  keyId: string,
  privateKey: crypto.KeyObject,
  algorithm: 'rsa-sha256' | 'hs2019' = 'rsa-sha256',
): Promise<number> {
  const body = JSON.stringify(activity);
  const url = new URL(inboxUrl);
  const headers: Record<string, string> = {
    host: url.host,
    date: new Date().toUTCString(),
    digest: `SHA-256=${crypto.createHash('sha256').update(body).digest('base64')}`,
    'content-type': 'application/activity+json',
  };
  const names = ['(request-target)', 'host', 'date', 'digest', 'content-type'];
  const signingString = names
    .map((name) => (name === '(request-target)' ? `(request-target): post ${url.pathname}${url.search}` : `${name}: ${headers[name]}`))
    .join('\n');
  const signature = crypto.sign('sha256', Buffer.from(signingString), privateKey).toString('base64');
  headers.signature = `keyId="${keyId}",algorithm="${algorithm}",headers="${names.join(' ')}",signature="${signature}"`;
  // fetch sends Host itself, from the URL
  const { host: _host, ...sent } = headers;
  const response = await fetch(inboxUrl, { method: 'POST', headers: sent, body });
  await response.arrayBuffer();
  return response.status;
}
