import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { signedPost } from './handBuiltPeer.js';
import { startTlsServer, type TlsServer } from './tls.js';

/**
 * A hostile ActivityPub server on loopback, slow on purpose: its accounts (`a0`, `a1`, …) sign
 * their requests as Mastodon does (handBuiltPeer.ts), but what a receiver must fetch from it never
 * answers — with `hang: 'keys'` every GET (its actors, so their keys); with `hang: 'objects'` the
 * posts its activities name (`/objects/…`), while its actors and keys answer at once. A request it
 * holds stays open, unanswered, until `close()`.
 */
export interface HangingPeer {
  origin: string;
  actorUri(account: number): string;
  /** the URI of a post of this server, which never answers */
  objectUri(n: number): string;
  /** POSTs `activity`, signed by account `account`, to an inbox URL; returns the HTTP status */
  send(inboxUrl: string, activity: Record<string, unknown>, account?: number): Promise<number>;
  /** requests it holds unanswered now */
  readonly pending: number;
  /** requests it received in all, by path */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startHangingPeer(options: { hang: 'keys' | 'objects'; accounts?: number }): Promise<HangingPeer> {
  const server: TlsServer = await startTlsServer();
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const actorUri = (account: number) => `${server.origin}/users/a${account}`;
  const held = new Set<ServerResponse>();
  const requests: string[] = [];

  server.handle((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(path);
    req.resume();
    const actor = /^\/users\/a(\d+)$/.exec(path);
    const hangs = req.method === 'GET' && (options.hang === 'keys' || path.startsWith('/objects/'));
    if (hangs) {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (req.method === 'GET' && actor) {
      const uri = actorUri(Number(actor[1]));
      const document = {
        '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
        id: uri,
        type: 'Person',
        preferredUsername: `a${actor[1]}`,
        inbox: `${uri}/inbox`,
        publicKey: { id: `${uri}#main-key`, owner: uri, publicKeyPem: pem },
      };
      res.writeHead(200, { 'content-type': 'application/activity+json' }).end(JSON.stringify(document));
      return;
    }
    res.writeHead(req.method === 'POST' ? 202 : 404).end();
  });

  return {
    origin: server.origin,
    actorUri,
    objectUri: (n) => `${server.origin}/objects/${n}`,
    send: (inboxUrl, activity, account = 0) => signedPost(inboxUrl, activity, `${actorUri(account)}#main-key`, privateKey),
    get pending() {
      return held.size;
    },
    requests,
    close: async () => {
      for (const res of held) res.destroy();
      await server.close();
    },
  };
}
