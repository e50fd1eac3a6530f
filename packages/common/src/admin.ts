import { z } from 'zod';
import { MAX_TEXT_LENGTH } from './limits.js';
import { en } from './i18n/en.js';
import { userText } from './text.js';

/** POST /api/admin/global-question: one anonymous question for every user (≤300 characters, non-blank). */
export const globalQuestionSchema = z.object({
  text: userText({ max: MAX_TEXT_LENGTH, required: en.required.question, tooLong: en.tooLong.question }),
});
export type GlobalQuestionInput = z.input<typeof globalQuestionSchema>;

export const globalQuestionResultSchema = z.object({ count: z.number().int().nonnegative() });
export type GlobalQuestionResult = z.infer<typeof globalQuestionResultSchema>;
