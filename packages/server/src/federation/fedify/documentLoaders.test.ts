import crypto from 'node:crypto';
import { exportSpki, FetchError, generateCryptoKeyPair, MemoryKvStore } from '@fedify/fedify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboundAddressError } from '../../net/outboundAddress.js';
import { OutboundClient, OutboundLimitError, OutboundTimeoutError } from '../../net/outbound.js';
import { fetchedOrNull, isTransientFetchFailure, outboundLoaders, signedRead } from './documentLoaders.js';

/** Fedify's preloaded contexts are the only documents not fetched through our outgoing path: prove they never touch the network. */
describe('the federation document loaders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('serve every preloaded context without a fetch or a DNS look-up', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network')));
    vi.stubGlobal('fetch', fetch);
    const resolve = vi.fn(() => Promise.reject(new Error('no DNS')));
    const outbound = new OutboundClient({}, { resolve });
    const { contextLoaderFactory, documentLoaderFactory } = outboundLoaders({
      kv: new MemoryKvStore(),
      publicUrl: 'https://askbox.example',
      outbound,
      instanceSigner: () => Promise.reject(new Error('nothing here is signed')),
    });
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

describe('a remote document that could not be fetched', () => {
  const url = 'https://remote.example/users/mo';
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

  it('is tried again later when the network or the server failed for now, never when its answer will not change', () => {
    for (const error of [new FetchError(url, `HTTP 503: ${url}`), new FetchError(url, `HTTP 429: ${url}`), new OutboundTimeoutError(), reset]) {
      expect(isTransientFetchFailure(error), String(error)).toBe(true);
    }
    for (const error of [
      new FetchError(url, `HTTP 404: ${url}`),
      new FetchError(url, 'not a JSON document'),
      new OutboundLimitError('The answer is larger than 1048576 bytes'),
      new OutboundAddressError('remote.example is not a public address'),
      new TypeError('Invalid JSON-LD'),
    ]) {
      expect(isTransientFetchFailure(error), String(error)).toBe(false);
    }
  });

  it('is null for the inbox when it will not change, and a failure to retry otherwise', async () => {
    await expect(fetchedOrNull(Promise.reject(new FetchError(url, `HTTP 410: ${url}`)))).resolves.toBeNull();
    await expect(fetchedOrNull(Promise.reject(reset))).rejects.toBe(reset);
    await expect(fetchedOrNull(Promise.resolve('the actor'))).resolves.toBe('the actor');
  });
});

describe('a signed read', () => {
  it('is a draft-cavage signature over (request-target) with its query, host and date, by the key it names', async () => {
    const { privateKey, publicKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const keyId = new URL('https://askbox.example/ap/actors/instance#main-key');
    const request = new Request('https://remote.example/users/mo/statuses/1?page=2', { headers: { accept: 'application/activity+json' } });
    const signed = await signedRead(request, { keyId, privateKey });

    const params = Object.fromEntries([...signed.headers.get('signature')!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    expect(params).toMatchObject({ keyId: keyId.href, algorithm: 'rsa-sha256', headers: '(request-target) host date' });
    expect(signed.headers.get('host')).toBe('remote.example');
    expect(Math.abs(Date.parse(signed.headers.get('date')!) - Date.now())).toBeLessThan(60_000);
    expect(signed.headers.get('accept')).toBe('application/activity+json');
    const signingString = `(request-target): get /users/mo/statuses/1?page=2\nhost: remote.example\ndate: ${signed.headers.get('date')}`;
    const pem = await exportSpki(publicKey);
    expect(crypto.verify('sha256', Buffer.from(signingString), pem, Buffer.from(params.signature!, 'base64'))).toBe(true);
  });
});
