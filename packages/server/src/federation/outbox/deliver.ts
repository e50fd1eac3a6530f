import { Delete, importJwk, PUBLIC_COLLECTION, signRequest, type Activity, type Context } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { isPublicProfile, publicAnswer, publicReply } from '../../features/visibility/index.js';
import type { OutboundClient } from '../../net/outbound.js';
import { OutboundAddressError } from '../../net/outboundAddress.js';
import { isServerBlocked } from '../servers/serverBlocks.js';
import { trackedBy } from '../fedify/documentLoaders.js';
import { ServerUnavailableError, type RemoteServers } from '../servers/remoteServers.js';
import { moveActivity } from '../moving/moveActivity.js';
import type { MovePayload } from '../moving/moveRows.js';
import { replyCreateActivity, replyDeleteActivity } from '../replyNotes.js';
import { createActivity, createPublicCopyActivity, deleteActivity, followAnswer, hasPublicCopy, updateActivity } from '../vocab.js';

/** A claimed row of federation_deliveries. */
export interface DeliveryRow {
  id: string;
  user_id: string;
  inbox_url: string;
  kind: 'create' | 'delete' | 'update' | 'accept' | 'reject' | 'move';
  object_id: string | null;
  /**
   * accept / reject: the Follow answered; create / delete: `{ note: 'publicCopy' }` for an answer's
   * public copy (deliveryRows.ts), `{ note: 'reply', answerId }` for a reply made here (replyDeliveries.ts);
   * move: its target (moving/moveRows.ts)
   */
  payload: { followId: string; actorUri: string } | { note: 'publicCopy' } | { note: 'reply'; answerId: string } | MovePayload | null;
  attempts: number;
}

/** A claimed row of federation_farewells: the actor Delete of a deleted account (farewell.ts). */
export interface FarewellRow {
  id: string;
  actor_uri: string;
  key_id: string;
  private_key: Parameters<typeof importJwk>[0];
  inbox_url: string;
  attempts: number;
}

/** 'dropped': nothing to send any more (answer gone, profile private); 'failed': the inbox refuses for good. */
export type DeliveryOutcome = 'sent' | 'dropped' | { retry: string } | { failed: string };

const TIMEOUT_MS = 15_000;

/**
 * Builds the activity a row stands for, as of now, and POSTs it signed (HTTP Signatures, the
 * actor's RSA key) to the inbox, which must pass the outgoing-address guard. Creates and Updates
 * go out only while the profile is public; Deletes, Accepts and Rejects always.
 */
export async function deliverRow(db: Db, fctx: Context<void>, row: DeliveryRow, outbound: OutboundClient, servers?: RemoteServers): Promise<DeliveryOutcome> {
  // a server the operator blocked gets nothing from this instance, even what was queued before
  if (await isServerBlocked(db, row.inbox_url)) return 'dropped';
  const activity = await buildActivity(db, fctx, row);
  if (!activity) return 'dropped';
  const [key] = await fctx.getActorKeyPairs(row.user_id);
  if (!key) return 'dropped'; // the account is gone
  return postSigned(fctx, activity, row.inbox_url, key, outbound, servers);
}

/** "This actor is gone": the Delete Mastodon and others act on, whose object is the actor itself, signed with the key kept for it. */
export async function deliverFarewell(
  db: Db,
  fctx: Context<void>,
  row: FarewellRow,
  outbound: OutboundClient,
  servers?: RemoteServers,
): Promise<Exclude<DeliveryOutcome, 'dropped'>> {
  if (await isServerBlocked(db, row.inbox_url)) return { failed: 'server blocked by the operator' };
  const actor = new URL(row.actor_uri);
  const activity = new Delete({ id: new URL(`${row.actor_uri}#delete`), actor, object: actor, to: PUBLIC_COLLECTION });
  const privateKey = await importJwk(row.private_key, 'private');
  return postSigned(fctx, activity, row.inbox_url, { privateKey, keyId: new URL(row.key_id) }, outbound, servers);
}

/**
 * POSTs an activity, signed (HTTP Signatures) with `key`, to an inbox through the one
 * outgoing-request path (no redirects followed: a 3xx is the inbox's answer); says whether to
 * count it sent, retry or give up. A server resting after failures is not asked (a retry, no
 * network), and one that has failed for days is given up on (decision 346).
 */
async function postSigned(
  fctx: Context<void>,
  activity: Activity,
  inboxUrl: string,
  key: { privateKey: Parameters<typeof signRequest>[1]; keyId: URL },
  outbound: OutboundClient,
  servers?: RemoteServers,
): Promise<Exclude<DeliveryOutcome, 'dropped'>> {
  const body = JSON.stringify(await activity.toJsonLd({ format: 'compact', contextLoader: fctx.contextLoader }));
  let status: number;
  try {
    const response = await trackedBy(servers, inboxUrl, () =>
      outbound.request(inboxUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
        body,
        maxRedirects: 0,
        maxBytes: 64 * 1024,
        timeoutMs: TIMEOUT_MS,
        prepare: (request) => signRequest(request, key.privateKey, key.keyId),
      }),
    );
    status = response.status;
  } catch (error) {
    if (error instanceof OutboundAddressError || error instanceof ServerUnavailableError) return { failed: error.message };
    return { retry: error instanceof Error ? error.message : String(error) };
  }
  if (status >= 200 && status < 300) return 'sent';
  const problem = `inbox answered ${status}`;
  // like Mastodon: a 4xx other than "too many" or "timeout" will not get better by retrying
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { failed: problem };
  return { retry: problem };
}

async function buildActivity(db: Db, fctx: Context<void>, row: DeliveryRow): Promise<Activity | null> {
  const note = row.payload !== null && 'note' in row.payload ? row.payload.note : null;
  if (note === 'reply') return row.object_id ? buildReplyActivity(db, fctx, row.kind, row.user_id, row.object_id) : null;
  const publicCopy = note === 'publicCopy';
  if (row.kind === 'delete') return row.object_id ? deleteActivity(fctx, row.user_id, row.object_id, publicCopy ? 'publicCopy' : 'answer') : null;
  if (row.kind === 'move')
    return row.payload && 'target' in row.payload && row.object_id ? moveActivity(db, fctx, row.user_id, row.object_id, row.payload.target) : null;
  if (row.kind === 'accept' || row.kind === 'reject')
    return row.payload && 'followId' in row.payload ? followAnswer(fctx, row.kind, row.user_id, row.id, row.payload) : null;
  const [user] = await db.select().from(users).where(eq(users.id, row.user_id));
  if (!user || !isPublicProfile(user)) return null;
  if (row.kind === 'update') return updateActivity(fctx, user, row.id);
  const answer = row.object_id ? await publicAnswer(db, user.id, row.object_id) : null;
  if (!answer) return null;
  // the public copy (decision 332) goes only while the answer is still published that way
  if (publicCopy) return hasPublicCopy(answer) ? createPublicCopyActivity(fctx, user, answer) : null;
  return createActivity(fctx, user, answer);
}

/** A reply's Create, while it may still leave Askbox (its author unchanged), or its Delete. */
async function buildReplyActivity(db: Db, fctx: Context<void>, kind: DeliveryRow['kind'], authorId: string, replyId: string): Promise<Activity | null> {
  if (kind === 'delete') return replyDeleteActivity(fctx, authorId, replyId);
  if (kind !== 'create') return null;
  const found = await publicReply(db, replyId);
  return found && found.author.id === authorId ? replyCreateActivity(fctx, found.reply, found.author, found.owner) : null;
}
