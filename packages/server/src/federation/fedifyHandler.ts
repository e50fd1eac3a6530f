import {
  Activity,
  CryptographicKey,
  doesActorOwnKey,
  Multikey,
  verifyRequest,
  type Federation,
  type KeyCache,
  type KvStore,
  type RequestContext,
} from '@fedify/fedify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { publicAnswerWithOwner, publicUserById } from '../features/visibility/index.js';
import { publicLinks } from '../features/sharing/views.js';
import { apPaths } from './uris.js';

/** Inbox bodies are small JSON documents; anything bigger is not an activity we want. */
const MAX_INBOX_BYTES = 256 * 1024;

/**
 * Answers a request Fastify handed over (WebFinger, NodeInfo, everything under /ap/) with
 * `federation.fetch`. Part of the federation engine, loaded on first use (engine.ts).
 */
export function fedifyHandler(options: { federation: Federation<void>; kv: KvStore; db: Db; origin: string }) {
  const { federation, db, origin } = options;
  const keyCache = (fctx: RequestContext<void>) => new SharedKeyCache(options.kv, fctx);

  async function handleWithFedify(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let body: Buffer | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const read = await readBody(request);
      if (!read) return reply.status(413).type('text/plain').send('Request body too large.');
      body = read;
    }
    const webRequest = new Request(`${origin}${request.url}`, { method: request.method, headers: headersOf(request), body });
    const path = new URL(webRequest.url).pathname;
    // an empty segment (`/ap/answers/`, `/ap/actors//inbox`) names nothing; Fedify would route it with an empty id
    if (/\/\/|.\/$/.test(path)) return reply.status(404).type('text/plain').send('Not Found');
    // every request to an inbox, whatever its method, carries a valid HTTP Signature by its
    // actor: checked here first, even when Fedify would be content with a Linked Data Signature
    // or an Object Integrity Proof; then only POST goes on
    if (isInboxPath(path)) {
      const refusal = await checkHttpSignature(webRequest);
      if (refusal) return reply.status(401).type('text/plain').send(refusal);
    }
    const allowed = isInboxPath(path) ? ['POST'] : ['GET', 'HEAD'];
    if (!allowed.includes(request.method)) return reply.status(405).header('allow', allowed.join(', ')).type('text/plain').send('Method Not Allowed');
    const response = await federation.fetch(webRequest, {
      contextData: undefined,
      onNotAcceptable: (req) => redirectBrowser(req),
    });
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }

  async function checkHttpSignature(webRequest: Request): Promise<string | null> {
    const fctx = federation.createContext(webRequest, undefined);
    const loaders = { documentLoader: fctx.documentLoader, contextLoader: fctx.contextLoader };
    // malformed headers (a Date or keyId that does not parse) make Fedify throw: still just unsigned
    const key = await verifyRequest(webRequest.clone(), { ...loaders, keyCache: keyCache(fctx) }).catch(() => null);
    if (!key) return 'Failed to verify the request signature.';
    let activity: Activity;
    try {
      activity = await Activity.fromJsonLd(await webRequest.clone().json(), loaders);
    } catch {
      return null; // not an activity: Fedify answers 400
    }
    return (await doesActorOwnKey(activity, key, loaders).catch(() => false)) ? null : 'The signer and the actor do not match.';
  }

  /** A browser opening an actor or Note URI gets the page it stands for. */
  async function redirectBrowser(webRequest: Request): Promise<Response> {
    const path = new URL(webRequest.url).pathname;
    const actor = /^\/ap\/actors\/([^/]+)$/.exec(path);
    const note = /^\/ap\/answers\/([^/]+)$/.exec(path);
    let location: string | null = null;
    if (actor) {
      const user = await publicUserById(db, decodeURIComponent(actor[1]!));
      if (user) location = publicLinks.profile(origin, user.username);
    } else if (note) {
      const found = await publicAnswerWithOwner(db, decodeURIComponent(note[1]!));
      if (found) location = publicLinks.answer(origin, found.user.username, found.answer.id);
    }
    if (!location) return new Response('Not Acceptable', { status: 406, headers: { 'content-type': 'text/plain', vary: 'Accept' } });
    return new Response(null, { status: 302, headers: { location, vary: 'Accept' } });
  }

  return handleWithFedify;
}

/** The shared inbox and every actor's inbox (uris.ts); anything else under /ap/ is only read. */
function isInboxPath(path: string): boolean {
  return path === apPaths.sharedInbox || /^\/ap\/actors\/[^/]+\/inbox$/.test(path);
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The raw request body (Digest and Signature cover the exact bytes), or null past the limit. */
async function readBody(request: FastifyRequest): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_INBOX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Remote public keys cached in the shared key-value store (refetched by Fedify when one stops verifying). */
class SharedKeyCache implements KeyCache {
  constructor(
    private readonly kv: KvStore,
    private readonly loaders: { documentLoader: RequestContext<void>['documentLoader']; contextLoader: RequestContext<void>['contextLoader'] },
  ) {}

  async get(keyId: URL) {
    const stored = await this.kv.get<unknown>(['askbox', 'httpSignatureKey', keyId.href]);
    if (stored == null) return undefined;
    const options = { documentLoader: this.loaders.documentLoader, contextLoader: this.loaders.contextLoader };
    return CryptographicKey.fromJsonLd(stored, options).catch(() => Multikey.fromJsonLd(stored, options).catch(() => undefined));
  }

  async set(keyId: URL, key: CryptographicKey | Multikey | null) {
    if (key === null) await this.kv.delete(['askbox', 'httpSignatureKey', keyId.href]);
    else await this.kv.set(['askbox', 'httpSignatureKey', keyId.href], await key.toJsonLd({ contextLoader: this.loaders.contextLoader }));
  }
}
