import { CryptographicKey, Multikey, type KeyCache, type KvStore, type RequestContext } from '@fedify/fedify';
import { RecentlyUsed } from './recentlyUsed.js';

type Loaders = { documentLoader: RequestContext<void>['documentLoader']; contextLoader: RequestContext<void>['contextLoader'] };
type PublicKey = CryptographicKey | Multikey;

/**
 * The remote public keys of this process, parsed, at most 1,000 (the most recently used) for at
 * most ten minutes, after which the shared store is read again: a sender's every activity is
 * checked against the same key, and reading it from the shared store meant a query, a JSON-LD
 * expansion and a PEM import on the event loop for each one. A key that stops verifying is
 * refetched by Fedify and replaced here as in the store (`SharedKeyCache.set`).
 */
export class VerifiedKeys {
  private readonly keys = new RecentlyUsed<PublicKey>(1_000, 10 * 60 * 1000);

  get(keyId: string): PublicKey | undefined {
    return this.keys.get(keyId);
  }

  set(keyId: string, key: PublicKey | null): void {
    if (key === null) this.keys.forget(keyId);
    else this.keys.set(keyId, key);
  }
}

/**
 * Remote public keys for Fedify's signature checks: this process's parsed keys first, then the
 * shared key-value store (every instance's cache), then Fedify fetches the key (and refetches it
 * when it stops verifying).
 */
export class SharedKeyCache implements KeyCache {
  constructor(
    private readonly kv: KvStore,
    private readonly loaders: Loaders,
    private readonly memory: VerifiedKeys,
  ) {}

  async get(keyId: URL): Promise<PublicKey | undefined> {
    const parsed = this.memory.get(keyId.href);
    if (parsed) return parsed;
    const stored = await this.kv.get<unknown>(['askbox', 'httpSignatureKey', keyId.href]);
    if (stored == null) return undefined;
    const options = { documentLoader: this.loaders.documentLoader, contextLoader: this.loaders.contextLoader };
    const key = await CryptographicKey.fromJsonLd(stored, options).catch(() => Multikey.fromJsonLd(stored, options).catch(() => undefined));
    if (key) this.memory.set(keyId.href, key);
    return key;
  }

  async set(keyId: URL, key: PublicKey | null): Promise<void> {
    this.memory.set(keyId.href, key);
    if (key === null) await this.kv.delete(['askbox', 'httpSignatureKey', keyId.href]);
    else await this.kv.set(['askbox', 'httpSignatureKey', keyId.href], await key.toJsonLd({ contextLoader: this.loaders.contextLoader }));
  }
}
