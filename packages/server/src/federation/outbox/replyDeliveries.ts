import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';
import { remoteActorBlocked } from '../../features/visibility/index.js';

/**
 * Delivery rows of replies made here (decision 372), in the reply's transaction. A reply goes to
 * the inboxes the answer went to (its owner's remote followers) and to the people on other
 * servers who replied earlier in the thread; never to anyone because they asked the question.
 * The worker checks again, when it sends, that the reply may still leave Askbox (publicReply).
 */

/**
 * What a reply's rows carry in `payload`: `{ note: 'reply', answerId }`; their `object_id` is then
 * a reply's id, not an answer's, and the answer lets its deletion delete the replies sent under it.
 */
const replyPayload = (answerId: string) => sql`${JSON.stringify({ note: 'reply', answerId })}::jsonb`;
const isReplyRow = sql`coalesce(d.payload->>'note', '') = 'reply'`;

/** A new reply by someone here: Create(Note) to the owner's follower inboxes and the thread's remote repliers. */
export async function queueReplyCreated(tx: DbOrTx, replyId: string): Promise<void> {
  const [reply] = await queryRows<{ authorId: string; ownerId: string; answerId: string }>(
    tx,
    sql`select rp.author_id as "authorId", q.receiver_id as "ownerId", rp.answer_id as "answerId"
        from replies rp join questions q on q.id = rp.answer_id
        join users a on a.id = rp.author_id join users o on o.id = q.receiver_id
        where rp.id = ${replyId} and rp.hidden_at is null and a.public_profile and o.public_profile`,
  );
  if (!reply) return;
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id, payload)
    select gen_random_uuid()::text, ${reply.authorId}, i.inbox, 'create', ${replyId}, ${replyPayload(reply.answerId)}
    from (
      select coalesce(a.shared_inbox_url, a.inbox_url) as inbox
        from remote_follows f join remote_actors a on a.uri = f.actor_uri where f.user_id = ${reply.ownerId}
      union
      select coalesce(a.shared_inbox_url, a.inbox_url)
        from replies earlier join remote_actors a on a.uri = earlier.remote_actor_uri
        where earlier.answer_id = ${reply.answerId} and earlier.hidden_at is null
          and not ${remoteActorBlocked(reply.ownerId, sql`a.uri`, sql`a.domain`)}
    ) i`);
}

/**
 * A reply made here changed. Gone (deleted by its author, the answer's owner or a moderator) or
 * hidden by the owner: its Creates not yet sent are dropped, and a Delete goes to every inbox a
 * Create went to, so the owner's choice holds on other servers too. Shown again, it is back here
 * only: the servers it reached keep a deleted Note's tombstone (Mastodon does) and take the same
 * Create once, so sending it again would be noise.
 */
export async function queueReplyChanged(tx: DbOrTx, replyId: string): Promise<void> {
  const [shown] = await queryRows<{ id: string }>(tx, sql`select id from replies where id = ${replyId} and hidden_at is null`);
  if (!shown) await queueReplyDeletes(tx, sql`d.object_id = ${replyId}`);
}

/** The answer is deleted, its thread with it: the Delete of every reply sent under it. */
export const queueRepliesUnderAnswerDeleted = (tx: DbOrTx, answerId: string) => queueReplyDeletes(tx, sql`d.payload->>'answerId' = ${answerId}`);

/**
 * 'Public profile' turned off: the Delete of every reply its author sent (their actor is gone),
 * and of every reply sent under their answers (those threads are no longer read from outside).
 */
export const queueRepliesOfProfileDeleted = (tx: DbOrTx, userId: string) =>
  queueReplyDeletes(tx, sql`(d.user_id = ${userId} or d.payload->>'answerId' in (select q.id from questions q where q.receiver_id = ${userId}))`);

/** For the reply rows `which` picks: unsent Creates dropped, then a Delete to every inbox a Create went to, once per reply and inbox. */
async function queueReplyDeletes(tx: DbOrTx, which: SQL): Promise<void> {
  await tx.execute(sql`
    delete from federation_deliveries d
    where ${which} and d.kind = 'create' and ${isReplyRow} and not d.sent and d.attempts = 0`);
  await tx.execute(sql`
    insert into federation_deliveries (id, user_id, inbox_url, kind, object_id, payload)
    select gen_random_uuid()::text, c.user_id, c.inbox_url, 'delete', c.object_id, c.payload
    from (select distinct on (d.object_id, d.inbox_url) d.user_id, d.inbox_url, d.object_id, d.payload
          from federation_deliveries d where ${which} and d.kind = 'create' and ${isReplyRow}) c
    where not exists (select 1 from federation_deliveries x
                      where x.object_id = c.object_id and x.inbox_url = c.inbox_url and x.kind = 'delete' and coalesce(x.payload->>'note', '') = 'reply')`);
}
