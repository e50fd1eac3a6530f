import { Application, Endpoints, exportJwk, generateCryptoKeyPair, importJwk, type Context } from '@fedify/fedify';
import type { KeyPair } from './keyPairs.js';
import type { PostgresKvStore } from '../fedify/kvStore.js';

/**
 * The instance actor (decision 355): an Application actor that stands for the Askbox server
 * itself, at `/ap/actors/instance` (user actors are named by UUID, and `instance` is a reserved
 * username, so it is no one's). Its key signs the reads that no user asked for: what the shared
 * inbox receives, key fetches at receipt. Like every actor it is readable unsigned, so the servers
 * we read from can check those signatures.
 */
export const INSTANCE_ACTOR = 'instance';

type Jwk = Parameters<typeof importJwk>[0];

/** Where its key pair is kept: the shared key-value store, never expiring, made once by whichever instance needs it first. */
const KEY = ['askbox', 'instanceActor', 'keyPair'] as const;

/** The instance actor's key pair, read (or made) once per engine. */
export class InstanceActorKeys {
  private pair: Promise<KeyPair> | null = null;

  constructor(private readonly kv: PostgresKvStore) {}

  keyPair(): Promise<KeyPair> {
    if (!this.pair) {
      this.pair = this.loadOrCreate();
      this.pair.catch(() => (this.pair = null));
    }
    return this.pair;
  }

  private async loadOrCreate(): Promise<KeyPair> {
    let stored = await this.kv.get<{ publicKey: Jwk; privateKey: Jwk }>([...KEY]);
    if (!stored) {
      // two instances making one at once both add "if absent" and then read back the single winner
      const generated = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      await this.kv.add([...KEY], { publicKey: await exportJwk(generated.publicKey), privateKey: await exportJwk(generated.privateKey) });
      stored = await this.kv.get<{ publicKey: Jwk; privateKey: Jwk }>([...KEY]);
    }
    if (!stored) throw new Error('no key pair for the instance actor');
    return { publicKey: await importJwk(stored.publicKey, 'public'), privateKey: await importJwk(stored.privateKey, 'private') };
  }
}

/** The instance actor's document: who it is and its key, nothing of anyone. */
export async function toInstanceActor(ctx: Context<void>): Promise<Application> {
  const [key] = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
  return new Application({
    id: ctx.getActorUri(INSTANCE_ACTOR),
    preferredUsername: INSTANCE_ACTOR,
    name: new URL(ctx.canonicalOrigin).host,
    url: new URL(ctx.canonicalOrigin),
    inbox: ctx.getInboxUri(INSTANCE_ACTOR),
    outbox: ctx.getOutboxUri(INSTANCE_ACTOR),
    followers: ctx.getFollowersUri(INSTANCE_ACTOR),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: key?.cryptographicKey,
    assertionMethods: key ? [key.multikey] : [],
    manuallyApprovesFollowers: true,
  });
}
