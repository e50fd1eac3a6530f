import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { federationDeliveries } from '../db/schema/index.js';
import { apUris } from './uris.js';

/**
 * Writes delivery rows (the federation outbox) inside the caller's transaction, so an activity is
 * queued exactly when the change it announces commits. Set-based: one statement fans out to every
 * follower inbox, one row per server when their followers share an inbox. The worker
 * (federation/worker.ts) builds, signs and sends them.
 */

/** The distinct inboxes of `userId`'s remote followers (a shared inbox once per server). */
const followerInboxes = (userId: string) => sql`
  select distinct coalesce(a.shared_inbox_url, a.inbox_url) as inbox
  from remote_follows f join remote_actors a on a.uri = f.actor_uri
  where f.user_id = ${userId}`;

/** True while `userId`'s profile may be read outside Askbox. */
const isPublic = (userId: string) => sql`exists (select 1 from users u where u.id = ${userId} and u.public_profile)`;

/**
 * Where an answer goes (decision 301): the follower inboxes, unless it answers a followers-only or
 * direct post from another server; and that post's author's own inbox, whatever it was.
 */
const answerInboxes = (userId: string, questionId: string) => sql`
  select f.inbox from (${followerInboxes(userId)}) f
  where not exists (select 1 from remote_questions rq where rq.question_id = ${questionId} and rq.visibility in ('followers', 'direct'))
  union
  select a.inbox_url from remote_questions rq join remote_actors a on a.uri = rq.actor_uri where rq.question_id = ${questionId}`;

/** A new answer: Create(Note) to every inbox it goes to, when the profile is public. */
export async function queueAnswerCreated(tx: DbOrTx, userId: string, questionId: string): Promise<void> {
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'create', ${questionId}
    from (${answerInboxes(userId, questionId)}) i
    where ${isPublic(userId)}`);
}

/** An answer deleted: Delete(Note) to every inbox it went to, when the profile is public (a private one already sent them). */
export async function queueAnswerDeleted(tx: DbOrTx, userId: string, questionId: string): Promise<void> {
  await dropUnsent(tx, userId, ['create'], questionId);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'delete', ${questionId}
    from (${answerInboxes(userId, questionId)}) i
    where ${isPublic(userId)}`);
}

/** Name, bio, website or pictures changed: Update(Person), once per inbox until it is sent. */
export async function queueProfileUpdated(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'update'
    from (${followerInboxes(userId)}) i
    where ${isPublic(userId)}
      and not exists (select 1 from federation_deliveries d
                      where d.user_id = ${userId} and d.inbox_url = i.inbox and d.kind = 'update' and not d.sent and d.attempts = 0)`);
}

/**
 * 'Public profile' turned off: a Delete for every answer to every follower inbox, and nothing
 * not yet sent goes out any more (the worker also checks the profile before each send).
 */
export async function queueEverythingDeleted(tx: DbOrTx, userId: string): Promise<void> {
  await dropUnsent(tx, userId, ['create', 'update']);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'delete', q.id
    from (${followerInboxes(userId)}) i
    cross join questions q
    where q.receiver_id = ${userId} and q.answered`);
  // and to the remote askers of answers their followers never got
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id)
    select gen_random_uuid()::text, ${userId}, a.inbox_url, 'delete', q.id
    from questions q
    join remote_questions rq on rq.question_id = q.id
    join remote_actors a on a.uri = rq.actor_uri
    where q.receiver_id = ${userId} and q.answered
      and a.inbox_url not in (${followerInboxes(userId)})`);
}

/**
 * The account is being deleted (called before its row goes): when its profile is public, one
 * actor Delete per follower inbox, carrying the key to sign it with, since the user row and its
 * keys go with this transaction (decision 131). The first key is Fedify's `#main-key`.
 */
export async function queueActorDeleted(tx: DbOrTx, userId: string, origin: string): Promise<void> {
  const actorUri = apUris.actor(origin, userId);
  await tx.execute(sql`
    insert into federation_farewells (id, actor_uri, key_id, private_key, inbox_url)
    select gen_random_uuid()::text, ${actorUri}, ${`${actorUri}#main-key`}, k.private_key, i.inbox
    from (${followerInboxes(userId)}) i
    join federation_keys k on k.user_id = ${userId}
    where ${isPublic(userId)}`);
}

/** The answer to a remote Follow (Accept, or Reject when the actor or their domain is blocked). */
export async function queueFollowAnswer(
  tx: DbOrTx,
  userId: string,
  kind: 'accept' | 'reject',
  follow: { followId: string; actorUri: string; inboxUrl: string },
): Promise<void> {
  await tx.insert(federationDeliveries).values({
    id: crypto.randomUUID(),
    userId,
    inboxUrl: follow.inboxUrl,
    kind,
    payload: { followId: follow.followId, actorUri: follow.actorUri },
  });
}

/** Unsent rows of these kinds that no worker has picked up yet: they will never be wanted. */
async function dropUnsent(tx: DbOrTx, userId: string, kinds: ('create' | 'update')[], objectId?: string): Promise<void> {
  await tx
    .delete(federationDeliveries)
    .where(
      and(
        eq(federationDeliveries.userId, userId),
        inArray(federationDeliveries.kind, kinds),
        eq(federationDeliveries.sent, false),
        eq(federationDeliveries.attempts, 0),
        objectId ? eq(federationDeliveries.objectId, objectId) : undefined,
      ),
    );
}
