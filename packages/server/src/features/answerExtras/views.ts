import type { AnswerPicture } from '@askbox/common';

/** The picture columns of a questions row, as a statement selects them. */
export interface PictureColumns {
  pictureUrl: string | null;
  pictureAlt: string | null;
  pictureWidth: number | null;
  pictureHeight: number | null;
}

/** An answer's picture: only one sent with its alt text (a picture stored for an unsent answer has none). */
export function answerPicture(r: PictureColumns): AnswerPicture | null {
  if (!r.pictureUrl || r.pictureAlt === null || !r.pictureWidth || !r.pictureHeight) return null;
  return { url: r.pictureUrl, alt: r.pictureAlt, width: Number(r.pictureWidth), height: Number(r.pictureHeight) };
}
