import { answerGlimpse, type AnswerPicture } from '@askbox/common';
import type { ServerT } from '../../i18n/translator.js';

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

/**
 * An answer as one line of text where it cannot be opened — a push, a card, a link preview: the
 * answer, or 'Content warning: …' instead of it (common's answerGlimpse, decision 315). `clip`
 * shortens what is quoted, the answer or the warning, never the label.
 */
export function answerGlimpseLine(t: ServerT, answer: string, contentWarning: string | null, clip = (text: string) => text): string {
  const glimpse = answerGlimpse(answer, contentWarning);
  return glimpse.behindWarning ? t('warnedAnswer', { warning: clip(glimpse.warning) }) : clip(glimpse.text);
}
