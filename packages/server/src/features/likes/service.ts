import { and, eq, sql } from 'drizzle-orm';
import type { LikeState } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { likes, questions } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { sideEffects } from '../notifications/hooks.js';
import { isBlockedEitherWay } from '../social/rules.js';

/** An answer the viewer may like: it exists, is answered, and no block stands between them and its owner. */
async function likeableAnswer(db: DbOrTx, viewerId: string, questionId: string) {
  const [question] = await db
    .select({ id: questions.id, receiverId: questions.receiverId })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.answered, true)))
    .limit(1);
  if (!question) throw notFound();
  if (question.receiverId !== viewerId && (await isBlockedEitherWay(db, viewerId, question.receiverId))) throw forbidden();
  return question;
}

async function likeStateOf(db: DbOrTx, viewerId: string, questionId: string): Promise<LikeState> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, liked: sql<boolean>`coalesce(bool_or(${likes.userId} = ${viewerId}), false)` })
    .from(likes)
    .where(eq(likes.questionId, questionId));
  return { likeCount: Number(row?.count ?? 0), liked: Boolean(row?.liked) };
}

/**
 * Likes an answer. Idempotent: the (question, user) primary key makes a second like a no-op,
 * and only a like that really happened on someone else's answer reaches the side effects.
 */
export async function likeAnswer(ctx: AppContext, viewerId: string, questionId: string): Promise<LikeState> {
  const question = await likeableAnswer(ctx.db, viewerId, questionId);
  return ctx.db.transaction(async (tx) => {
    const at = new Date();
    const inserted = await tx.insert(likes).values({ userId: viewerId, questionId, createdAt: at }).onConflictDoNothing().returning({ userId: likes.userId });
    if (inserted.length > 0 && question.receiverId !== viewerId) {
      await sideEffects.liked(tx, ctx, { likerId: viewerId, questionId, at });
    }
    return likeStateOf(tx, viewerId, questionId);
  });
}

/** Removes the viewer's like; unliking twice is a no-op. */
export async function unlikeAnswer(ctx: AppContext, viewerId: string, questionId: string): Promise<LikeState> {
  await likeableAnswer(ctx.db, viewerId, questionId);
  await ctx.db.delete(likes).where(and(eq(likes.userId, viewerId), eq(likes.questionId, questionId)));
  return likeStateOf(ctx.db, viewerId, questionId);
}
