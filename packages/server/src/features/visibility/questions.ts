import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { findMutedWord } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { questions } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith, type ViewerRef } from './blocks.js';
import { notFromBlockedRemote } from './remoteBlocks.js';

/**
 * Which questions reach whose inbox, and with it the Questions badge, push, email and live
 * events (decision 100). The rule: nothing a receiver can observe about an ANONYMOUS question
 * depends on who sent it. So
 * - a question already received stays listed and counted whatever blocks come later, unless it
 *   is named and its sender is in a block with the receiver (the sender is known anyway);
 * - everything that keeps a question out is decided before it is written, from the receiver's
 *   own choices (quiet asker blocks, muted words, refusing anonymous questions), and the asker
 *   sees the usual success when it is dropped.
 * The fragments below read the `questions` table under the alias their caller passes (`q`).
 *
 * Not a reader of anyone's inbox, so not here: `sent_questions`, the asker's own record of what
 * they sent (decision 205). askQuestion writes it the same for a delivered and a dropped question,
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

/** Where a question the asker may send goes: the inbox, nowhere, or the receiver's Filtered folder. */
export type FilterDelivery = 'inbox' | 'dropped' | 'filtered';

/** The receiver's choices that decide where a question goes once it may be sent. */
export interface ReceiverFilters {
  mutedWords: readonly string[];
  keepsFiltered: boolean;
}

/**
 * THE decision of where a question goes, for every way of asking (a profile, 'Ask my followers',
 * the admin's global question, a visitor, a post from another server), so that no channel can
 * treat a muted word differently again. `quietlyBlocked` is the channel's own quiet block (of
 * this asker, a visitor, a remote account or server): it drops, checked first, so the Filtered
 * folder shows nothing the inbox would not. A muted word goes to the Filtered folder when the
 * receiver keeps filtered questions (decision 310), else nowhere. Either way nothing notifies or
 * counts and the asker is answered as for a delivered question.
 */
export function filterFor(text: string, receiver: ReceiverFilters, quietlyBlocked = false): FilterDelivery {
  if (quietlyBlocked) return 'dropped';
  if (findMutedWord(text, receiver.mutedWords) === null) return 'inbox';
  return receiver.keepsFiltered ? 'filtered' : 'dropped';
}

/** The receiver's muted words and Filtered folder choice, as SQL columns `words` and `keepsFiltered` on the users row `user`. */
export function filtersOf(user: SQL): SQL {
  return sql`(select coalesce(array_agg(m.word), '{}') from muted_words m where m.user_id = ${user}.id) as words,
    ${user}.keep_filtered_questions as "keepsFiltered"`;
}

export const receiverFilters = (row: { words: string[] | null; keepsFiltered: boolean | null }): ReceiverFilters => ({
  mutedWords: row.words ?? [],
  keepsFiltered: row.keepsFiltered === true,
});

/**
 * The admin's global question, as WHERE fragments on the users row under `user` (its alias): whom it is `addressed` to, and
 * of those, whom it `reaches` and whose Filtered folder `keeps` it. It is anonymous, so it is not addressed to anyone who refuses
 * anonymous questions (a choice their ask box shows everyone), nor to a paused inbox (which
 * refuses every asker alike); 'Who may ask me' is about people, not the instance's own
 * announcement, so it does not apply (decision 261). A muted word of it keeps it out as any
 * question (filterFor, matched here in JS for each user who muted words). The count the admin is told
 * is of the addressed: a private choice must not show in it. Quiet asker blocks do not apply: a
 * receiver who stopped getting global questions after blocking an anonymous asker would learn
 * that the asker was the admin.
 */
export async function globalQuestionAudience(db: DbOrTx, text: string, user: SQL, now: Date): Promise<{ addressed: SQL; reaches: SQL; keeps: SQL }> {
  const lists = await queryRows<{ userId: string; words: string[]; keepsFiltered: boolean }>(
    db,
    sql`select u.id as "userId", ${filtersOf(sql`u`)} from users u where exists (select 1 from muted_words m where m.user_id = u.id)`,
  );
  const goesTo = (delivery: FilterDelivery) =>
    lists
      .filter((list) => filterFor(text, receiverFilters(list)) === delivery)
      .map((list) => list.userId)
      .join(',');
  const paused = sql`(${user}.inbox_paused and (${user}.inbox_paused_until is null or ${user}.inbox_paused_until > ${now.toISOString()}::timestamptz))`;
  const filtered = goesTo('filtered');
  return {
    addressed: sql`not ${user}.refuse_anonymous_questions and not ${paused}`,
    reaches: sql`${user}.id <> all(string_to_array(${`${goesTo('dropped')},${filtered}`}, ','))`,
    keeps: sql`${user}.id = any(string_to_array(${filtered}, ','))`,
  };
}
