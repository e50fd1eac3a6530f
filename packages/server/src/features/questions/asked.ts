import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type AskedQuestionPage } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { FIRST_PAGE, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { inlined, run, statement } from '../../db/statements.js';
import { isoFromPg } from '../../db/timestamps.js';
import { visibleAuthor } from '../visibility/index.js';

interface AskedRow {
  id: string;
  text: string;
  isAnonymous: boolean;
  /** timestamptz as text */
  createdAt: string;
  receiverUsername: string | null;
  receiverFullname: string | null;
  answer: string | null;
  contentWarning: string | null;
  answeredAt: string | null;
}

/**
 * 'Questions I asked': the asker's own record (sent_questions, decision 205), newest first, 20 a
 * page (index sent_questions_sender), global questions aside. The answer is joined by id when the
 * question is answered and its receiver's answers may reach the viewer (as on their profile);
 * otherwise the question reads as not answered, the same whether it waits, was deleted or was
 * dropped, so the list never tells what the receiver did.
 */
const askedStatement = statement<AskedRow, { senderId: string; at: string; id: string }>(
  'asked_questions_page',
  sql`select s.id, s.text, s.is_anonymous as "isAnonymous", s.created_at as "createdAt",
        r.username as "receiverUsername", r.fullname as "receiverFullname",
        q.answer, q.content_warning as "contentWarning", q.answered_at as "answeredAt"
      from sent_questions s
      left join users r on r.id = s.receiver_id
      left join questions q on q.id = s.id and q.answered and ${visibleAuthor(sql.placeholder('senderId'), sql`s.receiver_id`)}
      where s.sender_id = ${sql.placeholder('senderId')} and s.global_receivers is null
        and (s.created_at, s.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')})
      order by ${newestFirst(sql`s.created_at`, sql`s.id`)}
      limit ${inlined(PAGE_SIZE + 1)}`,
);

export async function askedQuestionsPage(db: DbOrTx, senderId: string, rawCursor?: string): Promise<AskedQuestionPage> {
  const cursor = decodeCursor(rawCursor) ?? FIRST_PAGE;
  const rows = await run(db, askedStatement, { senderId, at: cursor.at, id: cursor.id });
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      text: r.text,
      isAnonymous: r.isAnonymous,
      createdAt: isoFromPg(r.createdAt),
      receiver: r.receiverUsername ? { username: r.receiverUsername, fullname: r.receiverFullname! } : null,
      answer: r.answer,
      contentWarning: r.answer === null ? null : r.contentWarning,
      answeredAt: r.answeredAt ? isoFromPg(r.answeredAt) : null,
    })),
    nextCursor: page.nextCursor,
  };
}
