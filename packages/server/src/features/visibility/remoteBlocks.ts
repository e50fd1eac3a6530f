import { sql, type SQL } from 'drizzle-orm';
import type { ViewerRef } from './blocks.js';

/**
 * Blocks of accounts on other servers (decision 300): a user blocks one account (its actor URI)
 * or its whole server (its domain). The one match of a block against an actor; questions, likes,
 * follows and the public pages' remote askers all take it from here.
 */

/** An SQL boolean: `userId` blocked the remote actor `actorUri` (on host `domain`) or its server. */
export function remoteActorBlocked(userId: ViewerRef, actorUri: SQL, domain: SQL): SQL {
  return sql`exists (select 1 from remote_blocks b where b.user_id = ${userId}
    and ((b.kind = 'actor' and b.target = ${actorUri}) or (b.kind = 'domain' and b.target = ${domain})))`;
}

/**
 * A WHERE fragment: the remote actor (`actorUri`, on host `domain`) is not one `viewerId` blocked,
 * nor on a server they blocked (their likes leave the Activity tab with the block).
 */
export function remoteActorNotBlocked(viewerId: ViewerRef, actorUri: SQL, domain: SQL): SQL {
  return sql`not ${remoteActorBlocked(viewerId, actorUri, domain)}`;
}

/**
 * A WHERE fragment on the questions row under `question`: not a question from a remote account or
 * server the receiver blocked since (as a named sender's block hides their questions).
 */
export function notFromBlockedRemote(question: SQL): SQL {
  return sql`not exists (select 1 from remote_questions rq where rq.question_id = ${question}.id
    and ${remoteActorBlocked(sql`${question}.receiver_id`, sql`rq.actor_uri`, sql`rq.domain`)})`;
}
