/**
 * The remote servers of `npm run bench:mentions`, in a process of their own (forked by
 * bench/fediverse-mentions.ts): each a hand-built peer on loopback with its own key. Their RSA
 * signing, HTTP clients and the actor documents they serve run on this process's event loop, not
 * on the server's, as they would on other machines. Talks to its parent over the fork's IPC:
 * `ready` (the peers' actors) once listening; `burst` → `sent` (statuses, failures, seconds, CPU);
 * `close` → exits.
 */
import { startHandBuiltPeer, type HandBuiltPeer } from '../../packages/server/src/test/handBuiltPeer.js';
import { trustTestCertificate } from '../../packages/server/src/test/tls.js';

export interface BurstRequest {
  type: 'burst';
  /** the Askbox server's origin */
  origin: string;
  /** the public profiles the posts mention, in turn */
  owners: { id: string; username: string }[];
  mentions: number;
}
export type SenderMessage =
  | { type: 'ready'; peers: { origin: string; actorUri: string }[] }
  | { type: 'sent'; statuses: Record<string, number>; failures: Record<string, number>; seconds: number; cpuSeconds: number };

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

/** A Mastodon-shaped Create of a public Note mentioning `owner`. */
function status(origin: string, peer: HandBuiltPeer, owner: { id: string; username: string }, n: number) {
  const actor = `${origin}/ap/actors/${owner.id}`;
  const id = `${peer.origin}/users/mo/statuses/${n}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: peer.actorUri,
    to: [PUBLIC],
    cc: [actor],
    content: `<p>@${owner.username} burst question ${n}?</p>`,
    tag: [{ type: 'Mention', href: actor }],
  };
  return {
    inbox: `${actor}/inbox`,
    activity: { '@context': 'https://www.w3.org/ns/activitystreams', id: `${id}/activity`, type: 'Create', actor: peer.actorUri, to: [PUBLIC], object: note },
  };
}

/** A send that got no answer, by its error: the sender's own fetch, not the inbox. */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

async function burst(peers: HandBuiltPeer[], request: BurstRequest): Promise<SenderMessage> {
  const statuses: Record<string, number> = {};
  const failures: Record<string, number> = {};
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    peers.map(async (peer, p) => {
      for (let i = 0; i < request.mentions / peers.length; i++) {
        const { inbox, activity } = status(request.origin, peer, request.owners[(p + i) % request.owners.length]!, p * 1000 + i);
        const code = await peer.send(inbox, activity).catch((error: unknown) => {
          const key = failureOf(error);
          failures[key] = (failures[key] ?? 0) + 1;
          return 0;
        });
        statuses[code] = (statuses[code] ?? 0) + 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { type: 'sent', statuses, failures, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const send = (message: SenderMessage) => process.send!(message);
if (!process.send) throw new Error('bench/lib/mentionSenders.ts runs forked by bench/fediverse-mentions.ts');
trustTestCertificate();
const peers: HandBuiltPeer[] = [];
for (let i = 0; i < Number(process.argv[2] ?? 100); i++) peers.push(await startHandBuiltPeer());
process.on('message', (message: BurstRequest | { type: 'close' }) => {
  if (message.type === 'burst') void burst(peers, message).then(send);
  else void Promise.all(peers.map((peer) => peer.close())).then(() => process.exit(0));
});
send({ type: 'ready', peers: peers.map((peer) => ({ origin: peer.origin, actorUri: peer.actorUri })) });
