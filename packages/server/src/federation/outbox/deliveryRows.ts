import crypto from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { federationDeliveries } from '../../db/schema/index.js';
import { hasPublicCopySql } from '../../features/visibility/index.js';
import { apUris } from '../uris.js';

/**
 * Writes delivery rows (the federation outbox) inside the caller's transaction, so an activity is
 * queued exactly when the change it announces commits. Set-based: one statement fans out to every
 * follower inbox, one row per server when their followers share an inbox. The worker
 * (federation/outbox/worker.ts) builds, signs and sends them.
 */

/** The distinct inboxes of `userId`'s remote followers (a shared inbox once per server). */
export const followerInboxes = (userId: string) => sql`
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

/**
 * The rows of an answer's public copy (decision 332) carry this payload; the answer's own Note
 * has none. The public copy exists only for an answer to a followers-only or direct post that
 * its author also published to their followers.
 */
export const PUBLIC_COPY_PAYLOAD = { note: 'publicCopy' } as const;
const publicCopyPayload = sql`${JSON.stringify(PUBLIC_COPY_PAYLOAD)}::jsonb`;
const isPublicCopyRow = (row: SQL) => sql`coalesce(${row}.payload->>'note', '') = 'publicCopy'`;

/**
 * A new answer, when the profile is public: Create(Note) to every inbox it goes to, and, when it
 * was published to the followers, Create of its public copy to every follower inbox.
 */
export async function queueAnswerCreated(tx: DbOrTx, userId: string, questionId: string): Promise<void> {
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'create', ${questionId}
    from (${answerInboxes(userId, questionId)}) i
    where ${isPublic(userId)}`);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id, payload)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'create', ${questionId}, ${publicCopyPayload}
    from (${followerInboxes(userId)}) i
    where ${isPublic(userId)} and exists (select 1 from questions q where q.id = ${questionId} and ${hasPublicCopySql(sql`q`)})`);
}

/** The inboxes a Create of the answer's Note (or of its public copy) was sent to, or is being sent to. */
const createdAt = (userId: string, questionId: string, publicCopy: boolean) => sql`
  select d.inbox_url as inbox from federation_deliveries d
  where d.user_id = ${userId} and d.object_id = ${questionId} and d.kind = 'create'
    and ${publicCopy ? isPublicCopyRow(sql`d`) : sql`not ${isPublicCopyRow(sql`d`)}`}`;

/**
 * An answer deleted, when the profile is public (a private one already sent them): Delete(Note)
 * to every inbox its Create went to (the asker's too: the question and how it was asked are gone
 * by now) and to the follower inboxes; and, when it had a public copy, that copy's Delete to the
 * inboxes that got it and the followers'. Unsent Creates are dropped first: nobody needs their Delete.
 */
export async function queueAnswerDeleted(tx: DbOrTx, userId: string, questionId: string): Promise<void> {
  await dropUnsent(tx, userId, ['create'], questionId);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'delete', ${questionId}
    from (${followerInboxes(userId)} union ${createdAt(userId, questionId, false)}) i
    where ${isPublic(userId)}`);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id, payload)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'delete', ${questionId}, ${publicCopyPayload}
    from (${followerInboxes(userId)} union ${createdAt(userId, questionId, true)}) i
    where ${isPublic(userId)} and exists (${createdAt(userId, questionId, true)})`);
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
  // and the public copies of answers published to the followers (decision 332)
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id, payload)
    select gen_random_uuid()::text, ${userId}, i.inbox, 'delete', q.id, ${publicCopyPayload}
    from (${followerInboxes(userId)}) i
    cross join questions q
    where q.receiver_id = ${userId} and q.answered and ${hasPublicCopySql(sql`q`)}`);
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
