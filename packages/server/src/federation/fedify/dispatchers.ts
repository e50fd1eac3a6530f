import { createFederation, Note, parseSemVer, type Federation } from '@fedify/fedify';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { OutboundClient } from '../../net/outbound.js';
import { users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { answerCount, publicAnswerWithOwner, publicAnswersPage, publicReply, publicUserById, publicUserByUsername } from '../../features/visibility/index.js';
import { installInboxListeners, type InboxHooks } from '../inbox/activities.js';
import { INSTANCE_ACTOR, toInstanceActor, type InstanceActorKeys } from '../actors/instanceActor.js';
import { keyPairOf } from '../actors/keyPairs.js';
import type { PostgresKvStore } from './kvStore.js';
import { outboundLoaders } from './documentLoaders.js';
import { remoteFollowerCount } from '../actors/remoteActors.js';
import { answerOfNoteId, apPaths, apUris, replyOfNoteId } from '../uris.js';
import { toReplyNote } from '../replyNotes.js';
import { registrationMode } from '../../features/instanceAccess/views.js';
import { hasPublicCopy, isPrivateRemoteAnswer, outboxActivity, toNote, toPerson, toPublicCopyNote } from '../vocab.js';

/**
 * Askbox as an ActivityPub server, with Fedify: WebFinger, NodeInfo, one Person per PUBLIC
 * profile (a private profile has no actor, no inbox, no WebFinger entry: 404 everywhere), its
 * answers as Notes in a paged outbox, and the inbox (inbox/activities.ts). Outgoing activities do not go
 * through Fedify's queue but through our delivery outbox (outbox/deliveryRows.ts, outbox/worker.ts), written in the
 * same transaction as the change.
 */
export function createAskboxFederation(
  ctx: AppContext,
  kv: PostgresKvStore,
  outbound: OutboundClient,
  hooks: InboxHooks,
  options: {
    /** the instance actor's key pair (decision 355), one per engine */
    instanceKeys: InstanceActorKeys;
    /** the inbox worker's federation: the HTTP Signature of what it handles was verified at receipt (requestHandler.ts) */
    signaturesVerifiedAtReceipt?: boolean;
  },
): Federation<void> {
  const { db, config } = ctx;
  const origin = new URL(config.publicUrl).origin;
  const instanceSigner = async () => ({
    keyId: new URL(`${apUris.actor(origin, INSTANCE_ACTOR)}#main-key`),
    privateKey: (await options.instanceKeys.keyPair()).privateKey,
  });
  const loaders = outboundLoaders({ kv, publicUrl: config.publicUrl, outbound, servers: hooks.servers, instanceSigner });
  const federation = createFederation<void>({
    kv,
    origin,
    ...loaders,
    skipSignatureVerification: options.signaturesVerifiedAtReceipt ?? false,
  });

  federation
    .setActorDispatcher(apPaths.actor, async (fctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return toInstanceActor(fctx);
      const user = await publicUserById(db, identifier);
      return user ? toPerson(fctx, user) : null;
    })
    // keys exist for every account: a profile just turned private still signs the Deletes of its answers
    .setKeyPairsDispatcher(async (_fctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return [await options.instanceKeys.keyPair()];
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, identifier));
      return user ? [await keyPairOf(ctx, user.id)] : [];
    })
    // `instance` is a reserved username: WebFinger of acct:instance@host is the instance actor (Mastodon checks it)
    .mapHandle(async (_fctx, username) => (username === INSTANCE_ACTOR ? INSTANCE_ACTOR : ((await publicUserByUsername(db, username))?.id ?? null)))
    // WebFinger by profile page too (https://host/u/alice), as people paste it into search boxes
    .mapAlias(async (fctx, resource) => {
      const match = resource.origin === fctx.canonicalOrigin ? /^\/u\/([^/]+)$/.exec(resource.pathname) : null;
      const user = match ? await publicUserByUsername(db, decodeURIComponent(match[1]!)) : null;
      return user ? { identifier: user.id } : null;
    });

  federation.setObjectDispatcher(Note, apPaths.note, async (fctx, { id }) => {
    const replyId = replyOfNoteId(id);
    if (replyId) {
      // a reply made here (decision 372), while it may leave Askbox
      const found = await publicReply(db, replyId);
      return found ? toReplyNote(fctx, found.reply, found.author, found.owner) : null;
    }
    const { answerId, publicCopy } = answerOfNoteId(id);
    const found = await publicAnswerWithOwner(db, answerId);
    if (!found) return null;
    if (publicCopy) return hasPublicCopy(found.answer) ? toPublicCopyNote(fctx, found.user, found.answer) : null;
    // the reply to a followers-only or direct post names its asker: only the asker's own signed fetch reads it (decision 332)
    if (isPrivateRemoteAnswer(found.answer) && (await fctx.getSignedKeyOwner())?.id?.href !== found.answer.remote!.actorUri) return null;
    return toNote(fctx, found.user, found.answer);
  });

  federation
    .setOutboxDispatcher(apPaths.outbox, async (fctx, identifier, cursor) => {
      if (identifier === INSTANCE_ACTOR) return cursor === '' ? { items: [], nextCursor: null } : null;
      const user = await publicUserById(db, identifier);
      if (!user || cursor === null) return null;
      // a foreign cursor: no such page
      const page = await publicAnswersPage(db, user.id, cursor || null, { addressedToEveryone: true }).catch(() => null);
      if (!page) return null;
      return { items: page.items.map((answer) => outboxActivity(fctx, user, answer)), nextCursor: page.nextCursor };
    })
    .setFirstCursor(async (_fctx, identifier) => (identifier === INSTANCE_ACTOR || (await publicUserById(db, identifier)) ? '' : null))
    .setCounter(async (_fctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return 0;
      return (await publicUserById(db, identifier)) ? answerCount(db, identifier, { addressedToEveryone: true }) : null;
    });

  // followers: the count only (local and remote); who follows someone is not shown outside Askbox
  federation
    .setFollowersDispatcher(apPaths.followers, async (_fctx, identifier) =>
      identifier === INSTANCE_ACTOR || (await publicUserById(db, identifier)) ? { items: [] } : null,
    )
    .setCounter(async (_fctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return 0;
      if (!(await publicUserById(db, identifier))) return null;
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from follows where followee_id = ${identifier}`);
      return Number(row?.n ?? 0) + (await remoteFollowerCount(db, identifier));
    });

  federation.setNodeInfoDispatcher(apPaths.nodeInfo, async () => {
    const mode = await registrationMode(ctx);
    const [usage] = await queryRows<{ users: number; posts: number }>(
      db,
      sql`select (select count(*)::int from users where public_profile) as users,
                 (select count(*)::int from questions q join users u on u.id = q.receiver_id where q.answered and u.public_profile) as posts`,
    );
    return {
      software: { name: 'askbox', version: parseSemVer('0.1.0'), homepage: new URL(config.publicUrl) },
      protocols: ['activitypub'],
      services: { outbound: ['atom1.0'], inbound: [] },
      // true only when anyone may sign up; approval mode is said in metadata (decision 280)
      openRegistrations: mode === 'open',
      metadata: { registrations: mode, approvalRequired: mode === 'approval', invitesRequired: mode === 'invite' },
      usage: { users: { total: Number(usage?.users ?? 0) }, localPosts: Number(usage?.posts ?? 0), localComments: 0 },
    };
  });

  installInboxListeners(federation, ctx, hooks);
  return federation;
}
