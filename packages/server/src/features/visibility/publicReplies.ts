import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import type { UserRow } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith } from './blocks.js';
import { publicUserById } from './public.js';
import { repliesOpen } from './replies.js';

/** A reply made here, as the fediverse may read it (decision 372). */
export interface PublicReply {
  id: string;
  answerId: string;
  text: string;
  /** timestamptz as text */
  createdAt: string;
}

/**
 * A reply that may leave Askbox: written here by someone whose profile is public, under an
 * answer of a public profile that is addressed to everyone (not the reply to a followers-only or
 * direct post), while replies are open there, not hidden, its author not blocked either way by
 * the owner. Nothing here reads who asked the question.
 */
export async function publicReply(db: DbOrTx, replyId: string): Promise<{ reply: PublicReply; author: UserRow; owner: UserRow } | null> {
  const [row] = await queryRows<PublicReply & { authorId: string; ownerId: string }>(
    db,
    sql`select rp.id, rp.answer_id as "answerId", rp.text, rp.created_at as "createdAt", rp.author_id as "authorId", q.receiver_id as "ownerId"
        from replies rp join questions q on q.id = rp.answer_id join users o on o.id = q.receiver_id
        where rp.id = ${replyId} and rp.author_id is not null and rp.hidden_at is null and q.answered and ${repliesOpen(sql`o`)}
          and ${notBlockedWith(sql`o.id`, sql`rp.author_id`)}
          and not exists (select 1 from remote_questions rq where rq.question_id = q.id and rq.visibility in ('followers', 'direct'))`,
  );
  if (!row) return null;
  const [author, owner] = await Promise.all([publicUserById(db, row.authorId), publicUserById(db, row.ownerId)]);
  if (!author || !owner) return null;
  const { authorId: _author, ownerId: _owner, ...reply } = row;
  return { reply, author, owner };
}
