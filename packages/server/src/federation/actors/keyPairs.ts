import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { runtimeSlot } from '../../runtime.js';
import { federationKeys } from '../../db/schema/index.js';

/** An actor's RSA key pair (HTTP Signatures; what Mastodon and most servers verify). */
export interface KeyPair {
  publicKey: FedifyCryptoKey;
  privateKey: FedifyCryptoKey;
}

type FedifyCryptoKey = Awaited<ReturnType<typeof importJwk>>;
type Jwk = Parameters<typeof importJwk>[0];

/** Imported key pairs kept by the context: importing a JWK costs more than a lookup, and key pairs never change. */
const KEPT_KEY_PAIRS = 1000;
const keyPairsSlot = runtimeSlot<Map<string, Promise<KeyPair>>>('federation key pairs');

/**
 * The key pair of `userId`, made and stored the first time it is needed. Two instances making
 * one at once both insert "on conflict do nothing" and then read back the single winner. The
 * latest 1,000 used stay imported (a Map keeps its order of insertion: the oldest goes first).
 */
export function keyPairOf(ctx: Pick<AppContext, 'db' | 'runtime'>, userId: string): Promise<KeyPair> {
  const cache = ctx.runtime.of(keyPairsSlot, () => new Map());
  let pair = cache.get(userId);
  if (pair) {
    cache.delete(userId);
    cache.set(userId, pair);
    return pair;
  }
  pair = loadOrCreate(ctx.db, userId);
  pair.catch(() => cache.delete(userId));
  cache.set(userId, pair);
  if (cache.size > KEPT_KEY_PAIRS) cache.delete(cache.keys().next().value!);
  return pair;
}

async function loadOrCreate(db: DbOrTx, userId: string): Promise<KeyPair> {
  let [row] = await db.select().from(federationKeys).where(eq(federationKeys.userId, userId));
  if (!row) {
    const generated = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    await db
      .insert(federationKeys)
      .values({ userId, publicKey: await exportJwk(generated.publicKey), privateKey: await exportJwk(generated.privateKey) })
      .onConflictDoNothing();
    [row] = await db.select().from(federationKeys).where(eq(federationKeys.userId, userId));
  }
  if (!row) throw new Error(`no key pair for ${userId}`);
  return {
    publicKey: await importJwk(row.publicKey as Jwk, 'public'),
    privateKey: await importJwk(row.privateKey as Jwk, 'private'),
  };
}
