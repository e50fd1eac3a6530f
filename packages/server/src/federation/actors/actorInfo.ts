import type { Actor, Context } from '@fedify/fedify';
import type { RemoteActorClaims } from './remoteActors.js';

/** What a remote actor says of itself (cleaned and bounded when stored: remoteActors.ts); null when it has no inbox to answer to. */
export async function remoteActorInfo(ictx: Context<void>, actor: Actor): Promise<RemoteActorClaims | null> {
  if (!actor.id || !actor.inboxId) return null;
  const httpUrl = (value: unknown) => (value instanceof URL && /^https?:$/.test(value.protocol) ? value.href : null);
  const icon = await actor.getIcon(ictx).catch(() => null);
  const name = actor.name?.toString() ?? '';
  return {
    uri: actor.id.href,
    inboxUrl: actor.inboxId.href,
    sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
    username: actor.preferredUsername?.toString() ?? '',
    name,
    url: httpUrl(actor.url instanceof URL ? actor.url : actor.url?.href),
    iconUrl: httpUrl(icon?.url instanceof URL ? icon.url : icon?.url?.href),
  };
}
