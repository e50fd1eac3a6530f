import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { findMutedWord } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';
import { isBlockedEitherWay, notBlockedWith } from './blocks.js';

/**
 * Which questions reach whose inbox, and with it the Questions badge, push, email and live
 * events (decision 100). The rule: nothing a receiver can observe about an ANONYMOUS question
 * depends on who sent it. So
 * - a question already received stays listed and counted whatever blocks come later, unless it
 *   is named and its sender is in a block with the receiver (the sender is known anyway);
 * - everything that keeps a question out is decided before it is written, from the receiver's
 *   own choices (quiet asker blocks, muted words, refusing anonymous questions), and the asker
 *   sees the usual success when it is dropped.
 * The fragments below read the `questions` table under the alias `q`.
 */

/** A WHERE fragment on `questions q`: the receiver sees q (list, count, email). */
export function receiverSeesQuestion(receiverId: string | Placeholder): SQL {
  return sql`(q.is_anonymous or q.sender_id is null or q.sender_id = ${receiverId} or ${notBlockedWith(receiverId, sql`q.sender_id`)})`;
}

/**
 * A WHERE fragment on `questions q`: q is in the receiver's inbox. The inbox list and the
 * unanswered-questions badge both use it, so they cannot disagree.
 */
export function inInbox(receiverId: string | Placeholder): SQL {
  return sql`q.receiver_id = ${receiverId} and not q.answered and ${receiverSeesQuestion(receiverId)}`;
}

/** Why a question cannot be sent; the asker is told (they know who they are and whom they ask). */
export type QuestionRefusal = 'blocked' | 'anonymous_refused';

/** Refusals the asker sees: a named block either way, or an anonymous question to someone who refuses them. */
export async function questionRefusal(db: DbOrTx, question: { senderId: string; receiverId: string; isAnonymous: boolean }): Promise<QuestionRefusal | null> {
  if (question.senderId === question.receiverId) return null;
  if (await isBlockedEitherWay(db, question.senderId, question.receiverId)) return 'blocked';
  if (question.isAnonymous) {
    const [row] = await queryRows<{ refuses: boolean }>(db, sql`select refuse_anonymous_questions as refuses from users where id = ${question.receiverId}`);
    if (row?.refuses) return 'anonymous_refused';
  }
  return null;
}

/**
 * Whether a question the asker may send reaches the receiver at all: not when the receiver
 * blocked this asker from one of their anonymous questions, nor when it contains one of the
 * receiver's muted words. A dropped question is never written, so it is in no list, count, push,
 * email or live event; the asker gets the same answer as for a delivered one.
 */
export async function questionReachesReceiver(db: DbOrTx, question: { senderId: string; receiverId: string; text: string }): Promise<boolean> {
  if (question.senderId === question.receiverId) return true;
  const [row] = await queryRows<{ quietlyBlocked: boolean; words: string[] | null }>(
    db,
    sql`select exists (select 1 from asker_blocks where blocked_id = ${question.senderId} and blocker_id = ${question.receiverId}) as "quietlyBlocked",
          (select array_agg(word) from muted_words where user_id = ${question.receiverId}) as words`,
  );
  if (!row) return true;
  if (row.quietlyBlocked) return false;
  return findMutedWord(question.text, row.words ?? []) === null;
}

/**
 * A WHERE fragment on `users u`: who receives the admin's global question. It is anonymous, so
 * the same choices apply: no one who refuses anonymous questions, quietly blocked its sender,
 * or muted a word it contains. Muted words are matched here in JS, as for every question.
 */
export async function globalQuestionReaches(db: DbOrTx, senderId: string, text: string): Promise<SQL> {
  const lists = await queryRows<{ userId: string; words: string[] }>(
    db,
    sql`select user_id as "userId", array_agg(word) as words from muted_words group by user_id`,
  );
  const muting = lists.filter((list) => findMutedWord(text, list.words) !== null).map((list) => list.userId);
  return sql`not u.refuse_anonymous_questions
    and not exists (select 1 from asker_blocks b where b.blocked_id = ${senderId} and b.blocker_id = u.id)
    and u.id <> all(string_to_array(${muting.join(',')}, ','))`;
}
