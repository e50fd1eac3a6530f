import {
  getAuthenticatedDocumentLoader,
  getDocumentLoader,
  getUserAgent,
  kvCache,
  type AuthenticatedDocumentLoaderFactory,
  type DocumentLoader,
  type DocumentLoaderFactory,
  type KvStore,
} from '@fedify/fedify';
import { assertPublicHttpsUrl, type OutboundOptions } from '../net/outboundAddress.js';

/**
 * Fedify's document loaders (actor documents, keys, objects) behind the outgoing-address guard:
 * every URL a remote server hands us is checked (https, public addresses only) before it is
 * fetched. Fedify's own check still runs on each redirect hop. JSON-LD contexts come from
 * Fedify's preloaded copies (ActivityStreams, security...) and otherwise through the same guard.
 */
export function guardedLoaders(options: { kv: KvStore; publicUrl: string; allowPrivateAddresses: boolean }): {
  documentLoaderFactory: DocumentLoaderFactory;
  contextLoaderFactory: DocumentLoaderFactory;
  authenticatedDocumentLoaderFactory: AuthenticatedDocumentLoaderFactory;
  userAgent: string;
} {
  const userAgent = getUserAgent({ software: 'Askbox/0.1.0', url: options.publicUrl });
  const allow: OutboundOptions = options.allowPrivateAddresses ? { allow: 'private' } : {};
  const fedifyOptions = { allowPrivateAddress: options.allowPrivateAddresses, userAgent };
  const guard =
    (load: DocumentLoader): DocumentLoader =>
    async (url) => {
      await assertPublicHttpsUrl(url, allow);
      return load(url);
    };
  // preloaded contexts never touch the network; anything else is guarded
  const contexts = getDocumentLoader(fedifyOptions);
  const guardedContexts = guard(contexts);
  const contextLoader: DocumentLoader = (url) => (PRELOADED_CONTEXTS.has(url) ? contexts(url) : guardedContexts(url));
  const documents = kvCache({ loader: guard(getDocumentLoader(fedifyOptions)), kv: options.kv, prefix: ['_fedify', 'remoteDocument'] });
  return {
    documentLoaderFactory: () => documents,
    contextLoaderFactory: () => contextLoader,
    authenticatedDocumentLoaderFactory: (identity) => guard(getAuthenticatedDocumentLoader(identity, fedifyOptions)),
    userAgent,
  };
}

/** The contexts Fedify ships with (runtime/contexts in @fedify/fedify 1.5). */
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
