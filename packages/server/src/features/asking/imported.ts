import type { ArchiveAnswer } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { importedAskers, questions } from '../../db/schema/index.js';

/** A picture already stored for an imported answer. */
export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/**
 * An answer brought from an account archive (decision 374), written here with every other
 * question row. Nobody asks it now, so no receiver rule applies and no event is emitted (no
 * notification, feed pill or federation post for an answer given long ago elsewhere). It is
 * anonymous with no sender whatever the archive says of its asker: no account here sent it; a
 * named asker is kept beside it as text, linked to no account, not even one with the same name.
 * The id is the caller's (the same for the same answer, so a second import adds nothing):
 * returns whether the row was added.
 */
export async function insertImportedAnswer(tx: DbOrTx, receiverId: string, id: string, answer: ArchiveAnswer, picture: StoredPicture | null): Promise<boolean> {
  const added = await tx
    .insert(questions)
    .values({
      id,
      senderId: null,
      receiverId,
      text: answer.question,
      isAnonymous: true,
      answered: true,
      answer: answer.answer,
      createdAt: new Date(answer.askedAt),
      answeredAt: new Date(answer.answeredAt),
      contentWarning: answer.contentWarning,
      pictureUrl: picture?.url ?? null,
      pictureAlt: picture ? (answer.picture?.alt ?? '') : null,
      pictureWidth: picture?.width ?? null,
      pictureHeight: picture?.height ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: questions.id });
  if (added.length > 0 && answer.asker) await tx.insert(importedAskers).values({ questionId: id, name: answer.asker.name, handle: answer.asker.handle });
  return added.length > 0;
}
