import { eq } from 'drizzle-orm';
import type { RemoveQuestionsResult } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { questions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { deleteAnswerCards } from '../cards/service.js';
import { deleteAnswerPictures } from '../answerExtras/service.js';
import { userByUsername } from '../users/lookup.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * 'Remove this account's questions from every inbox' for a spam account (decision 290): every
 * question it sent, named and anonymous, answered or not, is deleted exactly as a moderator deletes
 * one question: the same event per question (profile counters follow by trigger, the receiver's
 * inbox, badge and profile refresh live, federated answers are withdrawn, answer cards go). A
 * receiver sees questions disappear and nothing that says whose they were. The moderator and the
 * audit log get one total, never which questions were anonymous nor whose inboxes they were in.
 */
export async function removeAccountQuestions(ctx: AppContext, actor: AuditActor, username: string): Promise<RemoveQuestionsResult> {
  const user = await userByUsername(ctx.db, username);
  if (!user) throw new AppError('user_not_found');
  const removed = await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(questions)
      .where(eq(questions.senderId, user.id))
      .returning({ id: questions.id, receiverId: questions.receiverId, answered: questions.answered, pictureUrl: questions.pictureUrl });
    for (const q of deleted) {
      await events.emit(tx, ctx, { type: 'questionDeleted', questionId: q.id, receiverId: q.receiverId, wasAnswered: q.answered, by: 'moderator' });
    }
    await recordAudit(tx, actor, { action: 'questions_removed', targetKind: 'account', target: user.username, detail: String(deleted.length) });
    return deleted;
  });
  // files are not transactional: answer cards go once their answers are gone
  for (const q of removed) if (q.answered) await deleteAnswerCards(ctx, q.receiverId, q.id);
  await deleteAnswerPictures(
    ctx,
    removed.map((q) => q.pictureUrl),
  );
  return { removed: removed.length };
}
