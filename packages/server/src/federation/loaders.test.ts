import { MemoryKvStore } from '@fedify/fedify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboundClient } from '../net/outbound.js';
import { outboundLoaders } from './loaders.js';

/** Fedify's preloaded contexts are the only documents not fetched through our outgoing path: prove they never touch the network. */
describe('the federation document loaders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('serve every preloaded context without a fetch or a DNS look-up', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network')));
    vi.stubGlobal('fetch', fetch);
    const resolve = vi.fn(() => Promise.reject(new Error('no DNS')));
    const outbound = new OutboundClient({}, { resolve });
    const { contextLoaderFactory, documentLoaderFactory } = outboundLoaders({ kv: new MemoryKvStore(), publicUrl: 'https://askbox.example', outbound });
    const contexts = [
      'https://www.w3.org/ns/activitystreams',
      'https://w3id.org/security/v1',
      'https://w3id.org/security/data-integrity/v1',
      'https://www.w3.org/ns/did/v1',
      'https://w3id.org/security/multikey/v1',
      'https://w3id.org/identity/v1',
      'https://purl.archive.org/socialweb/webfinger',
      'http://schema.org/',
      'https://gotosocial.org/ns',
    ];
    for (const url of contexts) {
      expect((await contextLoaderFactory({} as never)(url)).document, url).toBeTruthy();
      expect((await documentLoaderFactory({} as never)(url)).document, url).toBeTruthy();
    }
    // anything else goes through the outgoing path (and here finds no DNS)
    await expect(contextLoaderFactory({} as never)('https://elsewhere.example/context')).rejects.toThrow(/Cannot resolve/);
    expect(fetch).not.toHaveBeenCalled();
    expect(resolve).toHaveBeenCalledTimes(1);
    outbound.close();
  });
});
