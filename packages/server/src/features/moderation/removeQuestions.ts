import { and, eq } from 'drizzle-orm';
import type { RemoveQuestionsResult } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { questions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { deleteAnswerCards } from '../cards/service.js';
import { deleteAnswerPictures } from '../answerExtras/service.js';
import { userByUsername } from '../users/lookup.js';
import { recordAudit } from './audit.js';
import { assertOutranks, type TeamActor } from './roleOrder.js';

/**
 * 'Remove this account's questions from every inbox' for a spam account (decision 290): every
 * NAMED question it sent, answered or not, is deleted exactly as a moderator deletes one question:
 * the same event per question (profile counters follow by trigger, the receiver's inbox, badge and
 * profile refresh live, federated answers are withdrawn, answer cards go).
 *
 * Its anonymous questions stay: an action that starts from an account may not touch them, or its
 * answer (a count), the moderator's own inbox and the report queue would tell whether the suspect
 * sent the anonymous question the moderator holds. An anonymous question goes only from a report
 * of it (delete, or 'Block this sender everywhere'). So the answer counts only what the named
 * questions already show their receivers.
 */
export async function removeAccountQuestions(ctx: AppContext, actor: TeamActor, username: string): Promise<RemoveQuestionsResult> {
  const user = await userByUsername(ctx.db, username);
  if (!user) throw new AppError('user_not_found');
  assertOutranks(actor, user);
  const removed = await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(questions)
      .where(and(eq(questions.senderId, user.id), eq(questions.isAnonymous, false)))
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
