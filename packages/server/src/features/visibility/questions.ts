import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { questions } from '../../db/schema/index.js';
import { notBlockedWith, type ViewerRef } from './blocks.js';
import { notFromBlockedRemote } from './remoteBlocks.js';

/**
 * Which questions reach whose inbox, and with it the Questions badge, push, email and live
 * events (decision 100). The rule: nothing a receiver can observe about an ANONYMOUS question
 * depends on who sent it. So
 * - a question already received stays listed and counted whatever blocks come later, unless it
 *   is named and its sender is in a block with the receiver (the sender is known anyway);
 * - everything that keeps a question out is decided before it is written, from the receiver's
 *   own choices (quiet asker blocks, muted words, refusing anonymous questions), by deliveryFor
 *   (asking.ts) for every way of asking, and the asker sees the usual success when it is dropped.
 * The fragments below read the `questions` table under the alias their caller passes (`q`).
 *
 * Not a reader of anyone's inbox, so not here: `sent_questions`, the asker's own record of what
 * they sent (decision 205). Each way of asking writes it the same for a delivered and a dropped question,
 * and only the asker reads it: their export and 'Questions I asked' (the answer joined by id when
 * there is one, decision 273). A new reader of
 * it must show it to its sender alone; anything else about a question goes through this module.
 */

/**
 * A WHERE fragment on the questions row under `question` (its alias, e.g. sql`q`): the receiver (an
 * id, a placeholder, or `q.receiver_id` itself) sees it (list, count, email).
 */
export function receiverSeesQuestion(receiverId: ViewerRef, question: SQL): SQL {
  const senderId = sql`${question}.sender_id`;
  return sql`(${question}.is_anonymous or ${senderId} is null or ${senderId} = ${receiverId} or ${notBlockedWith(receiverId, senderId)})`;
}

/**
 * A WHERE fragment on the questions row under `question` (its alias): it is in the receiver's
 * inbox. The inbox list and the unanswered-questions badge both use it, so they cannot disagree.
 */
export function inInbox(receiverId: string | Placeholder, question: SQL): SQL {
  return sql`${question}.receiver_id = ${receiverId} and not ${question}.answered and ${receiverSeesQuestion(receiverId, question)}
    and ${notFromBlockedRemote(question)}`;
}

/**
 * 'Block this asker' is for an anonymous question someone else sent (decision 270): a named
 * sender is blocked openly from their profile, and the receiver who asked themselves has no one
 * to block. Answering it reveals nothing: the receiver knows whether they asked it.
 */
export function askerBlockable(question: { isAnonymous: boolean; senderId: string | null; receiverId: string }): boolean {
  return question.isAnonymous && question.senderId !== question.receiverId;
}

/** The same rule as an SQL expression on a `questions` row under the alias `question` (the inbox lists it). */
export function askerBlockableColumn(question: SQL): SQL {
  return sql`(${question}.is_anonymous and ${question}.sender_id is distinct from ${question}.receiver_id)`;
}

/**
 * The question `questionId` when `receiverId` received it, else null: whether it does not exist,
 * went to someone else, or was dropped before it was written. The receiver's actions (answer,
 * delete, block the asker, report) all find their question here, so its sender, who holds the id
 * of a dropped question too, gets the same 'not found' for it as for any question not theirs.
 */
export async function receivedQuestion(db: DbOrTx, questionId: string, receiverId: string) {
  const [question] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.receiverId, receiverId)))
    .limit(1);
  return question ?? null;
}
