import { isActor, type Context, type Object as APObject } from '@fedify/fedify';
import { remoteActorInfo } from './actorInfo.js';
import { fetchedOrNull } from './loaders.js';
import type { RemoteActorClaims } from './remote.js';

/** What an incoming activity needs of its actor. */
export interface ActivityActor {
  claims: RemoteActorClaims;
  followersId: URL | null;
}

/** Actors kept, at most this many (the most recently used) ... */
const MEMORY_ACTORS = 1_000;
/** ... for at most this long; an Update or Delete of the actor replaces or forgets it at once. */
const MEMORY_MS = 10 * 60 * 1000;

/**
 * The actors of the activities this process received lately, as their documents said. Someone
 * who asks ten questions in a minute is fetched once: each fetch was a signed request to their
 * server and a JSON-LD parse on the event loop, repeated for every post of a burst.
 */
export class RecentActors {
  private readonly actors = new Map<string, { actor: ActivityActor; until: number }>();

  get(uri: string): ActivityActor | undefined {
    const entry = this.actors.get(uri);
    if (!entry) return undefined;
    this.actors.delete(uri);
    if (entry.until < Date.now()) return undefined;
    this.actors.set(uri, entry); // most recently used last
    return entry.actor;
  }

  set(uri: string, actor: ActivityActor): void {
    this.actors.delete(uri);
    this.actors.set(uri, { actor, until: Date.now() + MEMORY_MS });
    for (const oldest of this.actors.keys()) {
      if (this.actors.size <= MEMORY_ACTORS) break;
      this.actors.delete(oldest);
    }
  }

  forget(uri: string): void {
    this.actors.delete(uri);
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
