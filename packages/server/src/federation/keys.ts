import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { federationKeys } from '../db/schema/index.js';

/** An actor's RSA key pair (HTTP Signatures; what Mastodon and most servers verify). */
export interface KeyPair {
  publicKey: FedifyCryptoKey;
  privateKey: FedifyCryptoKey;
}

type FedifyCryptoKey = Awaited<ReturnType<typeof importJwk>>;
type Jwk = Parameters<typeof importJwk>[0];

// imported keys per user: importing a JWK costs more than a lookup, and key pairs never change
const cache = new Map<string, Promise<KeyPair>>();

/**
 * The key pair of `userId`, made and stored the first time it is needed. Two instances making
 * one at once both insert "on conflict do nothing" and then read back the single winner.
 */
export function keyPairOf(db: DbOrTx, userId: string): Promise<KeyPair> {
  let pair = cache.get(userId);
  if (!pair) {
    pair = loadOrCreate(db, userId);
    pair.catch(() => cache.delete(userId));
    cache.set(userId, pair);
  }
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
