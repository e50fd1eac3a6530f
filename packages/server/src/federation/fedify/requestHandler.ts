import { Activity, CryptographicKey, doesActorOwnKey, verifyRequest, type Federation, type KvStore, type RequestContext } from '@fedify/fedify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/open.js';
import { publicAnswerWithOwner, publicUserById } from '../../features/visibility/index.js';
import { publicLinks } from '../../features/sharing/views.js';
import { arrivalIds, queueIncoming } from '../inbox/queue.js';
import { INSTANCE_ACTOR } from '../actors/instanceActor.js';
import { SharedKeyCache, VerifiedKeys } from '../actors/remoteKeyCache.js';
import { createReceiptGate, type Outside } from '../inbox/receiptGate.js';
import { serverOf, type RemoteServers } from '../servers/remoteServers.js';
import { hostOf, isServerBlocked } from '../servers/serverBlocks.js';
import { nestsDeeperThan, parseJsonWithinDepth } from './jsonDepth.js';
import { apPaths, apUris } from '../uris.js';

/** Inbox bodies are small JSON documents; anything bigger is not an activity we want. */
const MAX_INBOX_BYTES = 256 * 1024;

/**
 * Answers a request Fastify handed over (WebFinger, NodeInfo, everything under /ap/) with
 * `federation.fetch`. Part of the federation engine, loaded on first use (engine.ts).
 */
export function fedifyHandler(options: {
  federation: Federation<void>;
  kv: KvStore;
  db: Db;
  origin: string;
  received: () => void;
  /** true while the app answers requests of its own: the inboxes then check and store one activity at a time */
  appBusy?: () => boolean;
  /** how many inbox requests wait for keys, per server (servers/remoteServers.ts) */
  servers: RemoteServers;
  /** received activities waiting for the inbox worker, at most per remote account and per remote server */
  queueLimits: { perActor: number; perServer: number };
  /** ActivityPub reads answered only when signed (FEDERATION_AUTHORIZED_FETCH, decision 356) */
  authorizedFetch?: boolean;
}) {
  const { federation, db, origin } = options;
  const throughGate = createReceiptGate(options.appBusy);
  const verifiedKeys = new VerifiedKeys();
  const arrivalId = arrivalIds();
  const keyCache = (fctx: RequestContext<void>) => new SharedKeyCache(options.kv, fctx, verifiedKeys);

  async function handleWithFedify(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = new URL(request.url, origin).pathname;
    const inbox = isInboxPath(path);
    // a key not known here yet is fetched first: the requests waiting for one server's keys are
    // counted and capped before their bodies are read (decision 345), signed reads' too
    const keyId = inbox || isSignedRead(request, path) ? keyIdOf(request.headers.signature) : null;
    // a server the operator blocked: dropped before its key is even fetched or waited for, answered like any other
    if (keyId && hostOf(keyId) && request.method === 'POST' && (await isServerBlocked(db, keyId)))
      return reply.status(202).type('text/plain').send('Activity is queued.');
    const keyServer = keyId && !verifiedKeys.get(keyId) ? serverOf(keyId) : null;
    if (keyServer && !options.servers.keyWaits.enter(keyServer)) {
      return reply.status(503).header('retry-after', '30').header('connection', 'close').type('text/plain').send('Too many requests wait for this server.');
    }
    try {
      return await handleRead(request, reply, keyId);
    } finally {
      if (keyServer) options.servers.keyWaits.leave(keyServer);
    }
  }

  async function handleRead(request: FastifyRequest, reply: FastifyReply, keyId: string | null): Promise<FastifyReply> {
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
    // or an Object Integrity Proof; then only POST goes on, and is queued (receiveActivity)
    if (isInboxPath(path)) {
      if (request.method !== 'POST') {
        const key = keyId ? await verifiedKey(webRequest, direct) : null;
        if (!key) return reply.status(401).type('text/plain').send('Failed to verify the request signature.');
        return reply.status(405).header('allow', 'POST').type('text/plain').send('Method Not Allowed');
      }
      // hostile nesting is refused before any parser recurses into it
      const text = body!.toString('utf8');
      if (nestsDeeperThan(text)) return reply.status(400).type('text/plain').send('Invalid JSON: nested too deep.');
      // no signature: nothing to check, nothing to wait for
      if (!keyId) return reply.status(401).type('text/plain').send('Failed to verify the request signature.');
      return throughGate((outside) => receive(path, webRequest, body!, text, keyId, outside, reply));
    }
    if (!['GET', 'HEAD'].includes(request.method)) return reply.status(405).header('allow', 'GET, HEAD').type('text/plain').send('Method Not Allowed');
    if (isSignedRead(request, path) && !(keyId && (await verifiedKey(webRequest, direct)))) return unsignedRead(webRequest, path, reply);
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

  /**
   * A POST to an inbox, its body within the limits: its signature and signer checked, then queued
   * (receiveActivity). What it fetches (a key, an actor) it waits for `outside` the receipt gate.
   */
  async function receive(
    path: string,
    webRequest: Request,
    body: Buffer,
    text: string,
    keyId: string,
    outside: Outside,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    // its server is not blocked (handleWithFedify)
    const keyHost = hostOf(keyId);
    const key = await verifiedKey(webRequest, outside);
    if (!key) return reply.status(401).type('text/plain').send('Failed to verify the request signature.');
    const json = parseJsonWithinDepth(text);
    if (!isJsonObject(json)) return reply.status(400).type('text/plain').send('Invalid JSON.');
    const signed = await checkOwner(webRequest, key, json, outside);
    if ('refusal' in signed) return reply.status(401).type('text/plain').send(signed.refusal);
    return receiveActivity(path, webRequest, body, signed.signer, keyHost, reply);
  }

  /**
   * The inbox answers at once: an activity whose signature holds is stored for the inbox worker
   * (inbox/queue.ts) and the sender gets 202, whatever becomes of it (a question dropped by the
   * receiver's rules is answered exactly like one kept). An actor's inbox that does not exist
   * (no such account, or a private profile) is a 404, as Fedify answers it.
   */
  async function receiveActivity(
    path: string,
    webRequest: Request,
    body: Buffer,
    signer: string,
    unblockedHost: string | null,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const recipient = /^\/ap\/actors\/([^/]+)\/inbox$/.exec(path);
    // the key's server was just found not blocked: the signer on the same server is not either
    const sameServer = unblockedHost !== null && hostOf(signer) === unblockedHost;
    if (!sameServer && (await isServerBlocked(db, signer))) return reply.status(202).type('text/plain').send('Activity is queued.');
    // the instance actor's inbox takes what the shared inbox takes (it is nobody's: no user's rules apply)
    const recipientId = recipient ? decodeURIComponent(recipient[1]!) : null;
    if (recipientId && recipientId !== INSTANCE_ACTOR && !(await publicUserById(db, recipientId)))
      return reply.status(404).type('text/plain').send('Not Found');
    const queued = await queueIncoming(
      db,
      { path: new URL(webRequest.url).pathname + new URL(webRequest.url).search, headers: webRequest.headers, body: body.toString('utf8'), signer },
      options.queueLimits,
      arrivalId,
    );
    // the sender's (or its server's) share of the queue is full: it may send again later (decision 346)
    if (!queued) return reply.status(429).header('retry-after', '60').type('text/plain').send('Too many activities from this sender are waiting.');
    options.received();
    return reply.status(202).type('text/plain').send('Activity is queued.');
  }

  /**
   * That the key of the request's HTTP Signature belongs to the activity's actor. Cheap as far as
   * it can be (the key comes from the shared cache; the actor is read from the JSON as sent, and
   * the inbox worker checks it again against the activity Fedify reads): only a key that names no
   * owner makes it read the activity and fetch its actor here.
   */
  async function checkOwner(
    webRequest: Request,
    key: CryptographicKey,
    json: Record<string, unknown>,
    outside: Outside,
  ): Promise<{ signer: string } | { refusal: string }> {
    const loaders = loadersOf(webRequest, outside);
    const mismatch = { refusal: 'The signer and the actor do not match.' };
    if (key.ownerId) return actorIdOf(json) === key.ownerId.href ? { signer: key.ownerId.href } : mismatch;
    let activity: Activity;
    try {
      activity = await Activity.fromJsonLd(json, loaders);
    } catch {
      return mismatch; // not an activity: nobody's
    }
    const owned = activity.actorId && (await doesActorOwnKey(activity, key, loaders).catch(() => false));
    return owned ? { signer: activity.actorId!.href } : mismatch;
  }

  /** The key a request's HTTP Signature verifies with, or null. */
  async function verifiedKey(webRequest: Request, outside: Outside) {
    const fctx = federation.createContext(webRequest, undefined);
    // malformed headers (a Date or keyId that does not parse) make Fedify throw: still just unsigned
    return verifyRequest(webRequest.clone(), { ...loadersOf(webRequest, outside), keyCache: keyCache(fctx) }).catch(() => null);
  }

  /** The request's document loaders, each fetch waited for `outside` the receipt gate. */
  function loadersOf(webRequest: Request, outside: Outside) {
    const fctx = federation.createContext(webRequest, undefined);
    return {
      documentLoader: (url: string) => outside(() => fctx.documentLoader(url)),
      contextLoader: (url: string) => outside(() => fctx.contextLoader(url)),
    };
  }

  /**
   * With FEDERATION_AUTHORIZED_FETCH, a read of an ActivityPub document (not the instance actor's)
   * asked for as ActivityStreams: it needs a valid HTTP Signature. Browsers keep their redirect.
   */
  function isSignedRead(request: FastifyRequest, path: string): boolean {
    if (!options.authorizedFetch || !['GET', 'HEAD'].includes(request.method) || !path.startsWith('/ap/') || isInboxPath(path)) return false;
    if (path === apUris.actor('', INSTANCE_ACTOR)) return false;
    const accept = request.headers.accept ?? '';
    return !(/text\/html/.test(accept) && !/application\/(activity\+json|ld\+json|json)/.test(accept));
  }

  /**
   * An unsigned read where signed ones are required: a 401, except that an actor is shown as
   * Mastodon shows it then, its key and addresses alone, so servers that read keys unsigned can
   * still check what its account sends.
   */
  async function unsignedRead(webRequest: Request, path: string, reply: FastifyReply): Promise<FastifyReply> {
    const refused = () => reply.status(401).type('text/plain').send('Request signature required.');
    if (!/^\/ap\/actors\/[^/]+$/.test(path)) return refused();
    // a HEAD too reads the document here (Fastify sends no body for it)
    const response = await federation.fetch(new Request(webRequest.url, { method: 'GET', headers: webRequest.headers }), { contextData: undefined });
    if (response.status !== 200) return refused();
    const actor = (await response.json()) as Record<string, unknown>;
    const keyOnly = Object.fromEntries(KEY_ONLY_FIELDS.filter((field) => field in actor).map((field) => [field, actor[field]]));
    return reply
      .status(200)
      .header('vary', 'Accept, Signature')
      .type(response.headers.get('content-type') ?? 'application/activity+json')
      .send(keyOnly);
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

/** What an unsigned read of an actor shows under FEDERATION_AUTHORIZED_FETCH (Mastodon's list). */
const KEY_ONLY_FIELDS = ['@context', 'id', 'type', 'preferredUsername', 'inbox', 'outbox', 'endpoints', 'publicKey'];

/** Not in the gate: waiting for the network is simply waiting. */
const direct: Outside = (waitFor) => waitFor();

/** The `keyId` of a request's Signature header, as sent (Fedify parses and checks it). */
function keyIdOf(signature: string | string[] | undefined): string | null {
  const header = Array.isArray(signature) ? signature.join(',') : (signature ?? '');
  return /keyId="([^"]*)"/i.exec(header)?.[1] || null;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The activity's actor as sent (`"actor": "https://…"` or `{ "id": "https://…" }`), or null. */
function actorIdOf(json: Record<string, unknown>): string | null {
  const actor = Array.isArray(json.actor) && json.actor.length === 1 ? (json.actor[0] as unknown) : json.actor;
  if (typeof actor === 'string') return actor;
  if (isJsonObject(actor) && typeof actor.id === 'string') return actor.id;
  return null;
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
