import { sql, type SQL } from 'drizzle-orm';
import { findMutedWord } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith, type ViewerRef } from './blocks.js';
import { visibleUser } from './people.js';
import { remoteActorBlocked } from './remoteBlocks.js';

/**
 * Who sees which replies under an answer (decision 358). Nothing here reads who asked the
 * question: a reply by the anonymous asker is treated exactly like anyone else's.
 */

/** An SQL boolean: the owner (users row `owner`) takes replies: their choice, or until chosen, their profile is public. */
export function repliesOpen(owner: SQL): SQL {
  return sql`coalesce(${owner}.replies_enabled, ${owner}.public_profile)`;
}

/**
 * A WHERE fragment: the reply `reply` under an answer of `ownerId` is shown to the viewer: not
 * hidden (a hidden reply is still shown to its own author, who is never told), its author not
 * blocked either way with the viewer nor suspended, and not blocked either way with the owner
 * (the owner's blocks clear their threads for everyone). A reply from the fediverse (decision
 * 370) follows the same rules with remote blocks: not from an account or server the owner or the
 * viewer blocked, nor from a server the instance blocked (or a parent domain of it).
 */
export function replyShownTo(viewerId: ViewerRef, reply: SQL, ownerId: ViewerRef): SQL {
  return sql`(${reply}.hidden_at is null or ${reply}.author_id = ${viewerId})
    and (${reply}.author_id is not null and ${visibleUser(viewerId, sql`${reply}.author_id`)}
      and ${notBlockedWith(ownerId, sql`${reply}.author_id`)}
      or ${reply}.author_id is null and ${remoteReplyShown(viewerId, reply, ownerId)})`;
}

/** An SQL boolean: the remote author of `reply` is blocked by neither the owner nor the viewer, and its server not by the instance. */
function remoteReplyShown(viewerId: ViewerRef, reply: SQL, ownerId: ViewerRef): SQL {
  const actor = sql`${reply}.remote_actor_uri`;
  const domain = sql`${reply}.remote_domain`;
  return sql`not ${remoteActorBlocked(ownerId, actor, domain)} and not ${remoteActorBlocked(viewerId, actor, domain)}
    and not exists (select 1 from federation_domain_blocks d where ${domain} = d.domain or ${domain} like '%.' || d.domain)`;
}

/** An SQL int: the replies under answer `question` (its owner's users row `owner`) shown to the viewer; 0 while replies are off. */
export function shownReplyCount(viewerId: ViewerRef, question: SQL, owner: SQL): SQL {
  return sql`(case when ${repliesOpen(owner)} then (select count(*)::int from replies rp
    where rp.answer_id = ${question}.id and ${replyShownTo(viewerId, sql`rp`, sql`${owner}.id`)}) else 0 end)`;
}

/**
 * The replies `userId` is told of (the Activity tab, its badge, push, live events, the digest),
 * as rows (id, answer_id, at, author_id, kind): replies by others shown under their own answers
 * (`reply`), and under answers whose thread they had replied in before (`threadReply`). Never
 * a hidden reply, never across a block. Who asked the question plays no part: its asker is told
 * of a thread only once they replied in it, as anyone is. A remote reply's `author_id` is its
 * actor's URI (as a remote like's is).
 */
export function repliesToldTo(userId: ViewerRef): SQL {
  const told = sql`rp.author_id is distinct from ${userId} and rp.hidden_at is null and ${repliesOpen(sql`o`)}
    and ${replyShownTo(userId, sql`rp`, sql`q.receiver_id`)} and ${visibleUser(userId, sql`q.receiver_id`)}`;
  return sql`select rp.id, rp.answer_id, rp.created_at as at, coalesce(rp.author_id, rp.remote_actor_uri) as author_id, 'reply'::text as kind
      from questions q join replies rp on rp.answer_id = q.id join users o on o.id = q.receiver_id
      where q.receiver_id = ${userId} and q.answered and ${told}
    union all
    select rp.id, rp.answer_id, rp.created_at, coalesce(rp.author_id, rp.remote_actor_uri), 'threadReply'
      from (select answer_id, min(created_at) as first_at from replies where author_id = ${userId} group by answer_id) mine
      join replies rp on rp.answer_id = mine.answer_id and rp.created_at > mine.first_at
      join questions q on q.id = rp.answer_id join users o on o.id = q.receiver_id
      where q.receiver_id <> ${userId} and ${told}`;
}

/** The people told of reply `replyId` (its answer's owner and earlier repliers, by `repliesToldTo`), with the kind each is told. */
export function replyRecipients(replyId: string): SQL {
  return sql`select c.user_id, told.kind
    from (select q.receiver_id as user_id from replies rp join questions q on q.id = rp.answer_id where rp.id = ${replyId}
          union select earlier.author_id from replies rp join replies earlier on earlier.answer_id = rp.answer_id
            where rp.id = ${replyId} and earlier.author_id is not null) c
    cross join lateral (select t.kind from (${repliesToldTo(sql`c.user_id`)}) t where t.id = ${replyId} limit 1) told`;
}

/** Whether `text` holds one of the owner's muted words: such a reply, from here or afar, is written hidden (`muted`). */
export async function replyHasMutedWord(db: DbOrTx, ownerId: string, text: string): Promise<boolean> {
  const rows = await queryRows<{ word: string }>(db, sql`select word from muted_words where user_id = ${ownerId}`);
  return (
    findMutedWord(
      text,
      rows.map((row) => row.word),
    ) !== null
  );
}
