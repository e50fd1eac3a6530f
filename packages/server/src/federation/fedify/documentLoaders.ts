import {
  FetchError,
  getDocumentLoader,
  getUserAgent,
  kvCache,
  type AuthenticatedDocumentLoaderFactory,
  type DocumentLoader,
  type DocumentLoaderFactory,
  type KvStore,
  type RemoteDocument,
} from '@fedify/fedify';
import { isTransientNetworkFailure, type OutboundClient } from '../../net/outbound.js';
import type { KeyPair } from '../actors/keyPairs.js';
import { serverOf, ServerRestingError, ServerUnavailableError, type RemoteServers } from '../servers/remoteServers.js';

/** Who signs a read: the key's id (its actor's `#main-key`) and its private key. */
export interface ReadSigner {
  keyId: URL;
  privateKey: KeyPair['privateKey'];
}

/**
 * Fedify's document loaders (actor documents, keys, objects, JSON-LD contexts), all through the
 * one outgoing-request path (net/outbound.ts): every hop of every fetch, redirects and
 * `alternate` links included, judged by our address guard and bounded in hops, bytes and time.
 * Fedify's own loaders (and their weaker checks) never fetch anything: only its preloaded
 * contexts are used, which never touch the network.
 *
 * Every read of another server is signed (decision 355), as GoToSocial always requires and
 * Mastodon, Misskey and Akkoma do in their authorized-fetch modes: the loader Fedify uses when
 * no user is concerned (the shared inbox, keys at receipt) with the instance actor's key
 * (`instanceSigner`), the one it asks for a user (what that user's inbox receives) with theirs.
 * JSON-LD contexts are public documents: read unsigned.
 */
export function outboundLoaders(options: {
  kv: KvStore;
  publicUrl: string;
  outbound: OutboundClient;
  servers?: RemoteServers;
  instanceSigner: () => Promise<ReadSigner>;
}): {
  documentLoaderFactory: DocumentLoaderFactory;
  contextLoaderFactory: DocumentLoaderFactory;
  authenticatedDocumentLoaderFactory: AuthenticatedDocumentLoaderFactory;
} {
  const userAgent = getUserAgent({ software: 'Askbox/0.1.0', url: options.publicUrl });
  const preloaded = getDocumentLoader({ userAgent });
  const withPreloaded =
    (load: DocumentLoader): DocumentLoader =>
    (url) =>
      PRELOADED_CONTEXTS.has(url) ? preloaded(url) : load(url);
  const plain = withPreloaded(documentLoaderVia(options.outbound, userAgent, undefined, options.servers));
  // the key is read (or made, the very first time) before the fetch and its deadline start
  const signedByInstance = withPreloaded(async (url) => {
    const signer = await options.instanceSigner();
    return documentLoaderVia(options.outbound, userAgent, (request) => signedRead(request, signer), options.servers)(url);
  });
  // the instance actor reads what any server may read: one cache for all (a user's reads are not kept)
  const documents = kvCache({ loader: signedByInstance, kv: options.kv, prefix: ['_fedify', 'remoteDocument'] });
  return {
    documentLoaderFactory: () => documents,
    contextLoaderFactory: () => plain,
    authenticatedDocumentLoaderFactory: (identity) =>
      withPreloaded(documentLoaderVia(options.outbound, userAgent, (request) => signedRead(request, identity), options.servers)),
  };
}

/**
 * A GET signed as Mastodon signs its reads and GoToSocial expects them: a draft-cavage HTTP
 * Signature over `(request-target) host date`, rsa-sha256. The request target keeps the query
 * (Fedify's own signer drops it, and the server then finds the signature wrong).
 */
export async function signedRead(request: Request, signer: ReadSigner): Promise<Request> {
  const url = new URL(request.url);
  const date = new Date().toUTCString();
  const signingString = `(request-target): ${request.method.toLowerCase()} ${url.pathname}${url.search}\nhost: ${url.host}\ndate: ${date}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', signer.privateKey, new TextEncoder().encode(signingString));
  const headers = new Headers(request.headers);
  headers.set('host', url.host);
  headers.set('date', date);
  headers.set(
    'signature',
    `keyId="${signer.keyId.href}",algorithm="rsa-sha256",headers="(request-target) host date",signature="${Buffer.from(signature).toString('base64')}"`,
  );
  return new Request(request, { headers });
}

/** Hops one document may take in all: redirects plus `alternate` links. */
const MAX_HOPS = 5;
const DOCUMENT_BYTES = 1024 * 1024;
const ACCEPT = 'application/activity+json, application/ld+json';
const JSON_LD = /^application\/(activity\+json|ld\+json)(;|$)/;

/**
 * A JSON-LD document loader on `outbound`, like Fedify's (Link context, alternate links) with our
 * limits. With `servers`, each fetch has the short deadline of fetches a received activity
 * triggers, and a server that failed rests before it is asked again (decision 346).
 */
export function documentLoaderVia(
  outbound: OutboundClient,
  userAgent: string,
  sign?: (request: Request) => Promise<Request>,
  servers?: RemoteServers,
): DocumentLoader {
  async function load(url: string, hopsLeft: number): Promise<RemoteDocument> {
    const response = await trackedBy(servers, url, () =>
      outbound.request(url, {
        headers: { accept: ACCEPT, 'user-agent': userAgent },
        maxRedirects: hopsLeft,
        maxBytes: DOCUMENT_BYTES,
        ...(servers ? { timeoutMs: servers.fetchTimeoutMs } : {}),
        prepare: sign,
      }),
    );
    const documentUrl = response.url;
    if (response.status < 200 || response.status >= 300) throw new FetchError(documentUrl, `HTTP ${response.status}: ${documentUrl}`);
    const contentType = response.headers.get('content-type');
    const isJsonLd = contentType === null || JSON_LD.test(contentType);
    const links = parseLinkHeader(response.headers.get('link') ?? '');
    const text = response.body.toString('utf8');
    if (!isJsonLd) {
      const alternate = links.find((link) => link.rel === 'alternate' && isApType(link.type))?.href ?? (isHtml(contentType) ? htmlAlternate(text) : null);
      const next = alternate ? new URL(alternate, documentUrl).href : null;
      if (next && next !== documentUrl) {
        const left = hopsLeft - response.redirects - 1;
        if (left < 0) throw new FetchError(documentUrl, 'too many hops');
        return load(next, left);
      }
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new FetchError(documentUrl, 'not a JSON document');
    }
    const context = isJsonLd ? links.find((link) => link.rel === 'http://www.w3.org/ns/json-ld#context' && link.type === 'application/ld+json') : undefined;
    return { contextUrl: context ? new URL(context.href, documentUrl).href : null, document, documentUrl };
  }
  return (url) => load(url, MAX_HOPS);
}

/**
 * A request to the server of `url`, unless it rests after failures (then it fails at once: gone
 * when the server has failed for days, a failure that may pass otherwise); its outcome recorded:
 * no answer (in time, a reset, a refused connection) is a failure, any answer clears the server
 * (a 5xx too: a server that answers at once costs no wait, and its rows keep their own backoff).
 */
export async function trackedBy<R>(servers: RemoteServers | undefined, url: string, request: () => Promise<R>): Promise<R> {
  const server = serverOf(url);
  if (!servers || !server) return request();
  if (servers.health.resting(server)) throw servers.health.unavailable(server) ? new ServerUnavailableError(server) : new ServerRestingError(server);
  let response: R;
  try {
    response = await request();
  } catch (error) {
    if (isTransientNetworkFailure(error)) servers.health.failed(server);
    throw error;
  }
  servers.health.answered(server);
  return response;
}

/**
 * A fetch of a remote document that may work later: the network failed on the way, or the server
 * answered 5xx, 408 or 429. Anything else (a 404, a document that is not one, an address we never
 * fetch) will not change by trying again.
 */
export function isTransientFetchFailure(error: unknown): boolean {
  if (error instanceof ServerRestingError) return true;
  if (error instanceof FetchError) return /: HTTP (5\d\d|408|429):/.test(error.message);
  return isTransientNetworkFailure(error);
}

/**
 * A remote object an incoming activity names (its actor, its Note), or null when there is none to
 * be had. A failure that may pass throws instead: the inbox worker then tries the activity again
 * with its backoff, and the sender's later activities wait for it (decision 329), instead of a
 * question lost to one slow answer.
 */
export async function fetchedOrNull<T>(fetching: Promise<T>): Promise<T | null> {
  try {
    return await fetching;
  } catch (error) {
    if (isTransientFetchFailure(error)) throw error;
    return null;
  }
}

const isApType = (type: string | undefined) => !!type && JSON_LD.test(type);
const isHtml = (type: string | null) => !!type && /^(text\/html|application\/xhtml\+xml)(;|$)/.test(type);

/** `<href>; rel="…"; type="…"` entries of a Link header (what we read of them). */
function parseLinkHeader(header: string): { href: string; rel?: string; type?: string }[] {
  const links: { href: string; rel?: string; type?: string }[] = [];
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const params = Object.fromEntries(
      [...match[2]!.matchAll(/;\s*([a-z-]+)\s*=\s*(?:"([^"]*)"|([^;,\s]+))/gi)].map((p) => [p[1]!.toLowerCase(), p[2] ?? p[3] ?? '']),
    );
    links.push({ href: match[1]!, rel: params.rel, type: params.type });
  }
  return links;
}

/** The href of an HTML page's `<link rel="alternate" type="application/activity+json">`, if any. */
function htmlAlternate(html: string): string | null {
  for (const tag of html.match(/<(a|link)\s[^>]*>/gi) ?? []) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    if (attribute('rel') === 'alternate' && isApType(attribute('type')) && attribute('href')) return attribute('href')!;
  }
  return null;
}

/** The contexts Fedify ships with (runtime/contexts in @fedify/fedify 1.5); loaders.test.ts proves none touches the network. */
const PRELOADED_CONTEXTS = new Set([
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  'https://w3id.org/security/data-integrity/v1',
  'https://www.w3.org/ns/did/v1',
  'https://w3id.org/security/multikey/v1',
  'https://w3id.org/identity/v1',
  'https://purl.archive.org/socialweb/webfinger',
  'http://schema.org/',
  'https://gotosocial.org/ns',
]);
