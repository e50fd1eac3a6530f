import { isActor, type Context, type Object as APObject } from '@fedify/fedify';
import { remoteActorInfo } from './actorInfo.js';
import { fetchedOrNull } from '../fedify/documentLoaders.js';
import type { RemoteActorClaims } from './remoteActors.js';
import { RecentlyUsed } from './recentlyUsed.js';

/** What an incoming activity needs of its actor. */
export interface ActivityActor {
  claims: RemoteActorClaims;
  followersId: URL | null;
}

/**
 * The actors of the activities this process received lately, as their documents said: at most
 * 1,000 (the most recently used) for at most ten minutes; an Update or Delete of the actor
 * replaces or forgets it at once. Someone who asks ten questions in a minute is fetched once: each
 * fetch was a signed request to their server and a JSON-LD parse on the event loop, repeated for
 * every post of a burst.
 */
export class RecentActors extends RecentlyUsed<ActivityActor> {
  constructor() {
    super(1_000, 10 * 60 * 1000);
  }
}

/**
 * The actor of an incoming activity: kept from a recent activity, or fetched (and kept). Null when
 * it is no actor, has no inbox, or is not the one the activity names; a fetch that may work later
 * throws (`fetchedOrNull`), so the inbox worker tries the activity again.
 */
export async function actorOfActivity(
  ictx: Context<void>,
  activity: { actorId: URL | null; getActor(options: Context<void>): Promise<APObject | null> },
  recent: RecentActors,
): Promise<ActivityActor | null> {
  const id = activity.actorId;
  if (!id) return null;
  const known = recent.get(id.href);
  if (known) return known;
  const actor = await fetchedOrNull(activity.getActor(ictx));
  if (!isActor(actor) || actor.id?.href !== id.href) return null;
  const claims = await remoteActorInfo(ictx, actor);
  if (!claims) return null;
  const found = { claims, followersId: actor.followersId };
  recent.set(id.href, found);
  return found;
}
