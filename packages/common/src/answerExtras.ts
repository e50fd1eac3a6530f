import { z } from 'zod';
import { MAX_CONTENT_WARNING_LENGTH, MAX_PICTURE_ALT_LENGTH } from './limits.js';
import { userText } from './text.js';

/**
 * What an answer may carry besides its text: a content warning it is shown behind, and one
 * picture with its alt text (decisions 315, 316).
 */

/** A content warning as typed: one line; blank means none. */
export const contentWarningInput = userText({ max: MAX_CONTENT_WARNING_LENGTH, tooLong: 'content_warning_too_long', multiline: false }).transform(
  (value) => value || null,
);

/** The alt text of the picture sent with an answer: required, so a picture is never without it. */
export const pictureAltInput = userText({ max: MAX_PICTURE_ALT_LENGTH, required: 'picture_alt_required', tooLong: 'picture_alt_too_long' });

/** An answer's picture as shown: its largest width's URL, its alt text and its size (the reserved aspect ratio). */
export const answerPictureSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AnswerPicture = z.infer<typeof answerPictureSchema>;

/** The picture stored for an unanswered question, waiting for the answer that sends it. */
export const pendingPictureSchema = answerPictureSchema.omit({ alt: true });
export type PendingPicture = z.infer<typeof pendingPictureSchema>;

/**
 * What a surface shows of an answer where it cannot be opened in place — a quote in a notification
 * or a push, a share card, a list row: the answer, or, behind a content warning, the warning and
 * never the answer (decision 315). Surfaces that can open it show the warning first and the answer
 * on request (the web's ContentWarning, the visitor page's <details>). Every surface asks this rule.
 */
export type AnswerGlimpse = { behindWarning: false; text: string } | { behindWarning: true; warning: string };

export function answerGlimpse(answer: string, contentWarning: string | null | undefined): AnswerGlimpse {
  return contentWarning ? { behindWarning: true, warning: contentWarning } : { behindWarning: false, text: answer };
}
