import {
  Accept,
  Activity,
  Create,
  createFederation,
  Delete,
  Endpoints,
  Follow,
  Move,
  generateCryptoKeyPair,
  lookupWebFinger,
  MemoryKvStore,
  Person,
  Reject,
  Undo,
  Update,
  type Context,
} from '@fedify/fedify';
import { startTlsServer, type TlsServer } from './tls.js';

/**
 * A second, independent ActivityPub server for tests, built with Fedify the way any fediverse
 * server would use it: one actor (bob), its own key pair, an inbox that verifies HTTP Signatures
 * (Fedify's default) and records every activity it accepts, over HTTPS on loopback.
 *
 * With `signedReadsOnly` bob's actor document (his key with it) is read only by a request whose
 * HTTP Signature verifies, as Mastodon answers in its authorized-fetch (secure) mode: Fedify's
 * `authorize` on the actor dispatcher; anything else is a 401.
 */
export interface Peer {
  origin: string;
  bobUri: string;
  /** Activities that reached bob's inboxes with a valid signature, in order. */
  received: Activity[];
  /** Every raw body POSTed to the peer (verified or not), to search for what must never leak. */
  rawBodies: string[];
  /** How each inbox POST was answered (401 = signature refused). */
  inboxStatuses: number[];
  /** Answer the next `n` inbox POSTs with this status instead (a server having trouble). */
  failNext(n: number, status: number): void;
  /** WebFinger lookup of an acct: handle, then the actor document it points to. */
  lookUp(handle: string): Promise<Person>;
  follow(actor: Person): Promise<Follow>;
  unfollow(follow: Follow): Promise<void>;
  /** Sends any activity by bob to `actor`'s inbox, or to its server's shared inbox (throws when the inbox does not accept it). */
  send(actor: Person, activity: Activity, options?: { sharedInbox?: boolean }): Promise<void>;
  /** With `signedReadsOnly`, every read of bob's actor document: the key of a signature that verified (null when unsigned), and whether it was answered. */
  actorReads: { signedBy: string | null; authorized: boolean }[];
  context(): Context<void>;
  /** bob's key pair and key id, to sign requests and documents by hand (hostile cases) */
  bobKeys: Awaited<ReturnType<typeof generateCryptoKeyPair>>;
  bobKeyId: string;
  /** carol: a second account on the peer, the new account someone moves to */
  carolUri: string;
  /** The accounts carol's actor document names as her old ones (alsoKnownAs) from now on. */
  setCarolAliases(uris: string[]): void;
  /** What bob's actor document says of him from now on (a hostile server can say anything). */
  setBobProfile(profile: { preferredUsername?: string; name?: string; summary?: string; url?: string }): void;
  close(): Promise<void>;
}

/**
 * `afterSend` runs once each of bob's activities has been answered: tests pass the app's
 * `receiveNow`, so what the inbox queued is handled before they look.
 */
export async function startPeer(options: { afterSend?: () => Promise<void>; signedReadsOnly?: boolean } = {}): Promise<Peer> {
  const afterSend = options.afterSend ?? (() => Promise.resolve());
  const server: TlsServer = await startTlsServer();
  const federation = createFederation<void>({ kv: new MemoryKvStore(), origin: server.origin, allowPrivateAddress: true });
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const received: Activity[] = [];
  const rawBodies: string[] = [];
  const inboxStatuses: number[] = [];
  let failures = { left: 0, status: 500 };
  let profile: { preferredUsername?: string; name?: string; summary?: string; url?: string } = {};
  const actorReads: Peer['actorReads'] = [];
  const carolKeys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  let carolAliases: string[] = [];

  const actorCallbacks = federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier === 'carol') {
        const [carolKey] = await ctx.getActorKeyPairs(identifier);
        const inbox = ctx.getInboxUri(identifier);
        return new Person({
          id: ctx.getActorUri(identifier),
          preferredUsername: 'carol',
          inbox,
          aliases: carolAliases.map((uri) => new URL(uri)),
          publicKey: carolKey?.cryptographicKey,
        });
      }
      if (identifier !== 'bob') return null;
      const [key] = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: profile.preferredUsername ?? 'bob',
        name: profile.name ?? 'Bob from the peer',
        summary: profile.summary ?? null,
        url: profile.url ? new URL(profile.url) : null,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: key?.cryptographicKey,
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (identifier === 'bob' ? [keys] : identifier === 'carol' ? [carolKeys] : []));
  // only then: checking a read's signature fetches the signer's key, which other tests must not see
  if (options.signedReadsOnly) {
    actorCallbacks.authorize((_ctx, _identifier, signedKey) => {
      actorReads.push({ signedBy: signedKey?.id?.href ?? null, authorized: signedKey !== null });
      return signedKey !== null;
    });
  }
  const record = (_ctx: unknown, activity: Activity) => {
    received.push(activity);
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, record)
    .on(Reject, record)
    .on(Create, record)
    .on(Delete, record)
    .on(Update, record)
    .on(Move, record);

  server.handle((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const isInboxPost = req.method === 'POST';
      if (isInboxPost) rawBodies.push(body.toString('utf8'));
      let response: Response;
      if (isInboxPost && failures.left > 0) {
        failures.left -= 1;
        response = new Response('try again later', { status: failures.status });
      } else {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
        const request = new Request(`${server.origin}${req.url}`, { method: req.method, headers, body: isInboxPost ? body : undefined });
        response = await federation.fetch(request, { contextData: undefined });
      }
      if (isInboxPost) inboxStatuses.push(response.status);
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });

  const context = () => federation.createContext(new URL(server.origin), undefined);
  return {
    origin: server.origin,
    bobUri: `${server.origin}/users/bob`,
    carolUri: `${server.origin}/users/carol`,
    setCarolAliases(uris) {
      carolAliases = uris;
    },
    received,
    rawBodies,
    inboxStatuses,
    failNext(n, status) {
      failures = { left: n, status };
    },
    async lookUp(handle) {
      const jrd = await lookupWebFinger(`acct:${handle.replace(/^@/, '')}`, { allowPrivateAddress: true });
      const self = jrd?.links?.find((link) => link.rel === 'self' && link.type === 'application/activity+json');
      if (!self?.href) throw new Error(`WebFinger found no actor for ${handle}`);
      const actor = await context().lookupObject(self.href);
      if (!(actor instanceof Person)) throw new Error(`${self.href} is not a Person`);
      return actor;
    },
    async follow(actor) {
      const ctx = context();
      const follow = new Follow({ id: new URL(`${server.origin}/follows/${crypto.randomUUID()}`), actor: ctx.getActorUri('bob'), object: actor.id });
      await ctx.sendActivity({ identifier: 'bob' }, actor, follow);
      await afterSend();
      return follow;
    },
    async unfollow(follow) {
      const ctx = context();
      const target = await follow.getObject({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader });
      const undo = new Undo({ id: new URL(`${follow.id!.href}/undo`), actor: ctx.getActorUri('bob'), object: follow });
      if (!(target instanceof Person)) throw new Error('the followed actor is gone');
      await ctx.sendActivity({ identifier: 'bob' }, target, undo);
      await afterSend();
    },
    async send(actor, activity, sendOptions) {
      await context().sendActivity({ identifier: 'bob' }, actor, activity, { preferSharedInbox: sendOptions?.sharedInbox ?? false });
      await afterSend();
    },
    context,
    actorReads,
    bobKeys: keys,
    bobKeyId: `${server.origin}/users/bob#main-key`,
    setBobProfile(next) {
      profile = next;
    },
    close: () => server.close(),
  };
}
