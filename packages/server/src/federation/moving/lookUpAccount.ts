import { isActor, Object as ApObject, type Context } from '@fedify/fedify';
import type { OutboundClient } from '../../net/outbound.js';
import { trackedBy } from '../fedify/documentLoaders.js';
import type { RemoteServers } from '../servers/remoteServers.js';

/** A fediverse account as Settings names it: the handle typed, the actor it leads to and the accounts that actor says it also is. */
export interface LookedUpAccount {
  handle: string;
  uri: string;
  aliases: string[];
}

const WEBFINGER_BYTES = 64 * 1024;
const WEBFINGER_TIMEOUT_MS = 10_000;
const AP_TYPE = /^application\/(activity\+json|ld\+json; *profile="https:\/\/www\.w3\.org\/ns\/activitystreams")$/;

/**
 * `@name@server` → its actor, read now (never from a cache: the account may have just named ours
 * as an alias) and signed by `userId`'s key, as every read is (decision 355). WebFinger goes
 * through the one outgoing-request path (Fedify's own lookup would use the global fetch). Null
 * when the server does not know the name or does not answer with an actor.
 */
export async function lookUpAccount(
  fctx: Context<void>,
  outbound: OutboundClient,
  servers: RemoteServers,
  userId: string,
  handle: string,
): Promise<LookedUpAccount | null> {
  const [name, host] = handle.replace(/^@/, '').split('@') as [string, string];
  const actorUrl = await webFingerSelf(outbound, servers, name, host).catch(() => null);
  if (!actorUrl) return null;
  const documentLoader = await fctx.getDocumentLoader({ identifier: userId });
  const actor = await documentLoader(actorUrl)
    .then(({ document }) => ApObject.fromJsonLd(document, { documentLoader, contextLoader: fctx.contextLoader }))
    .catch(() => null);
  // an actor is only what its own server serves under its id
  if (!actor || !isActor(actor) || !actor.id || actor.id.origin !== new URL(actorUrl).origin) return null;
  return { handle: `@${name}@${host}`, uri: actor.id.href, aliases: actor.aliasIds.map((id) => id.href) };
}

async function webFingerSelf(outbound: OutboundClient, servers: RemoteServers, name: string, host: string): Promise<string | null> {
  const url = `https://${host}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${name}@${host}`)}`;
  const response = await trackedBy(servers, url, () =>
    outbound.request(url, { headers: { accept: 'application/jrd+json' }, maxRedirects: 2, maxBytes: WEBFINGER_BYTES, timeoutMs: WEBFINGER_TIMEOUT_MS }),
  );
  if (response.status !== 200) return null;
  const jrd = JSON.parse(response.body.toString('utf8')) as { links?: { rel?: unknown; type?: unknown; href?: unknown }[] };
  const self = jrd.links?.find((link) => link.rel === 'self' && typeof link.type === 'string' && AP_TYPE.test(link.type) && typeof link.href === 'string');
  const href = typeof self?.href === 'string' ? self.href : null;
  return href && /^https:\/\//.test(href) ? href : null;
}
