import { CryptographicKey, Multikey, type KeyCache, type KvStore, type RequestContext } from '@fedify/fedify';

type Loaders = { documentLoader: RequestContext<void>['documentLoader']; contextLoader: RequestContext<void>['contextLoader'] };
type PublicKey = CryptographicKey | Multikey;

/** Remote keys kept parsed in memory, at most this many (the most recently used) ... */
const MEMORY_KEYS = 1_000;
/** ... for at most this long, after which the shared store is read again. */
const MEMORY_MS = 10 * 60 * 1000;

/**
 * The remote public keys of this process, parsed: a sender's every activity is checked against
 * the same key, and reading it from the shared store meant a query, a JSON-LD expansion and a PEM
 * import on the event loop for each one. A key that stops verifying is refetched by Fedify and
 * replaced here as in the store (`SharedKeyCache.set`).
 */
export class VerifiedKeys {
  private readonly keys = new Map<string, { key: PublicKey; until: number }>();

  get(keyId: string): PublicKey | undefined {
    const entry = this.keys.get(keyId);
    if (!entry) return undefined;
    this.keys.delete(keyId);
    if (entry.until < Date.now()) return undefined;
    this.keys.set(keyId, entry); // most recently used last
    return entry.key;
  }

  set(keyId: string, key: PublicKey | null): void {
    this.keys.delete(keyId);
    if (key === null) return;
    this.keys.set(keyId, { key, until: Date.now() + MEMORY_MS });
    for (const oldest of this.keys.keys()) {
      if (this.keys.size <= MEMORY_KEYS) break;
      this.keys.delete(oldest);
    }
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
