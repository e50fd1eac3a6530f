import { Announce, Create, Delete, Follow, isActor, Like, Note, Undo, Update, type Federation } from '@fedify/fedify';
import type { AppContext } from '../../context.js';
import { publicUserById } from '../../features/visibility/index.js';
import { remoteActorInfo } from '../actors/actorInfo.js';
import { fetchedOrNull } from '../fedify/documentLoaders.js';
import { receiveMentions, receiveReaction, undoReaction } from './mentions.js';
import { deleteRemoteReply, receiveRemoteReply, updateRemoteReply } from './remoteReplies.js';
import { actorOfActivity, type RecentActors } from '../actors/recentActors.js';
import { forgetRemoteActor, receiveFollow, receiveUnfollow, refreshRemoteActor } from '../actors/remoteActors.js';
import { apPaths } from '../uris.js';
import type { RemoteServers } from '../servers/remoteServers.js';

export interface InboxHooks {
  /** Something was queued for delivery (an Accept or Reject): the worker may send it now. */
  queued(): void;
  log: { warn(obj: object, message: string): void };
  /** the actors of recent activities, shared by the engine's federations */
  actors: RecentActors;
  /** which servers fail, and the deadline of fetches (fedify/documentLoaders.ts) */
  servers?: RemoteServers;
}

/**
 * What Askbox does with incoming activities (their HTTP Signatures already verified: see
 * fedify/fastifyBridge.ts and Fedify's inbox). Follow → Accept (Reject when blocked), Undo(Follow), a remote
 * account deleted or edited; a post mentioning a local user is a question to them, likes and
 * boosts of answers are counted (mentions.ts); replies in our threads join them, and their
 * Update and Delete edit and remove them (remoteReplies.ts).
 */
export function installInboxListeners(federation: Federation<void>, ctx: AppContext, hooks: InboxHooks): void {
  const { db } = ctx;
  federation
    .setInboxListeners(apPaths.inbox, apPaths.sharedInbox)
    .on(Follow, async (ictx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ictx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      // a private profile has no actor: its follows are not taken (nothing outside Askbox sees it)
      const user = await publicUserById(db, target.identifier);
      if (!user) return;
      const actor = await actorOfActivity(ictx, follow, hooks.actors);
      if (!actor) return;
      const followId = follow.id.href;
      await db.transaction((tx) => receiveFollow(tx, user.id, actor.claims, followId));
      hooks.queued();
    })
    .on(Undo, async (ictx, undo) => {
      if (!undo.actorId) return;
      const object = await fetchedOrNull(undo.getObject(ictx));
      if (object instanceof Like || object instanceof Announce) {
        // only who liked or boosted can take it back
        if (object.actorId?.href === undo.actorId.href) await undoReaction(ctx, ictx, undo.actorId, object);
      } else if (object instanceof Follow) {
        // only the follower can take their follow back
        if (object.actorId?.href !== undo.actorId.href) return;
        const target = object.objectId ? ictx.parseUri(object.objectId) : null;
        if (target?.type === 'actor') await receiveUnfollow(db, undo.actorId.href, { userId: target.identifier });
        else if (object.id) await receiveUnfollow(db, undo.actorId.href, { followId: object.id.href });
      } else if (!object && undo.objectId) {
        await receiveUnfollow(db, undo.actorId.href, { followId: undo.objectId.href });
        await undoReaction(ctx, ictx, undo.actorId, { id: undo.objectId, objectId: null });
      }
    })
    .on(Delete, async (_ictx, deletion) => {
      if (!deletion.actorId || !deletion.objectId) return;
      // an account deleted on its server (its replies go with it)
      if (deletion.objectId.href === deletion.actorId.href) {
        hooks.actors.forget(deletion.actorId.href);
        await forgetRemoteActor(db, deletion.actorId.href);
        return;
      }
      // a deleted post: only a reply of its own author's in one of our threads is ours to remove
      await deleteRemoteReply(ctx, deletion.actorId.href, deletion.objectId.href);
    })
    .on(Update, async (ictx, update) => {
      const object = await fetchedOrNull(update.getObject(ictx));
      if (object instanceof Note && update.actorId) return updateRemoteReply(ctx, update.actorId.href, object);
      if (!isActor(object) || !update.actorId || object.id?.href !== update.actorId.href) return;
      const info = await remoteActorInfo(ictx, object);
      if (!info) return hooks.actors.forget(update.actorId.href);
      hooks.actors.set(update.actorId.href, { claims: info, followersId: object.followersId });
      await refreshRemoteActor(db, info);
    })
    .on(Like, (ictx, like) => receiveReaction(ctx, ictx, 'like', like, hooks.actors))
    .on(Announce, (ictx, boost) => receiveReaction(ctx, ictx, 'announce', boost, hooks.actors))
    .on(Create, async (ictx, create) => {
      if (!create.actorId) return;
      const object = await fetchedOrNull(create.getObject(ictx));
      if (!(object instanceof Note) || object.attributionId?.href !== create.actorId.href) return;
      const actor = await actorOfActivity(ictx, create, hooks.actors);
      if (!actor) return;
      // a reply in one of our threads is a reply, not a question, whoever it mentions (decision 371)
      if (await receiveRemoteReply(ctx, ictx, object, actor.claims, actor.followersId)) return;
      await receiveMentions(ctx, ictx, object, actor.claims, actor.followersId);
    })
    .onError((_ictx, error) => hooks.log.warn({ err: error }, 'incoming activity failed'));
}
