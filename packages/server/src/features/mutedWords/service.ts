import { and, asc, count, eq } from 'drizzle-orm';
import { MUTED_WORDS_MAX, type MutedWordList } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { mutedWords, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * A receiver's muted words (decision 102). A question containing one is dropped before it is
 * written (features/visibility decides, with the matcher in common); here the list is kept.
 */
export async function listMutedWords(db: DbOrTx, userId: string): Promise<MutedWordList> {
  const rows = await db.select().from(mutedWords).where(eq(mutedWords.userId, userId)).orderBy(asc(mutedWords.createdAt), asc(mutedWords.word));
  return { items: rows.map((r) => ({ word: r.word, createdAt: r.createdAt.toISOString() })) };
}

/** Adds a word (already normalised by the schema); refused when present or when the list is full. */
export async function addMutedWord(ctx: AppContext, userId: string, word: string): Promise<MutedWordList> {
  await ctx.db.transaction(async (tx) => {
    // the user's row lock serialises two adds at once, so the limit holds
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(mutedWords).where(eq(mutedWords.userId, userId));
    const added = await tx.insert(mutedWords).values({ userId, word }).onConflictDoNothing().returning({ word: mutedWords.word });
    if (added.length === 0) throw new AppError('muted_word_exists');
    if (Number(total) >= MUTED_WORDS_MAX) throw new AppError('muted_words_full');
  });
  return listMutedWords(ctx.db, userId);
}

/** Removes a word (idempotent). */
export async function removeMutedWord(ctx: AppContext, userId: string, word: string): Promise<MutedWordList> {
  await ctx.db.delete(mutedWords).where(and(eq(mutedWords.userId, userId), eq(mutedWords.word, word)));
  return listMutedWords(ctx.db, userId);
}
