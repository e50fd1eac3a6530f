import { z } from 'zod';
import { MAX_TEXT_LENGTH } from './limits.js';
import { en } from './i18n/en.js';

/** POST /api/admin/global-question: one anonymous question for every user (spec §5: ≤300, non-blank). */
export const globalQuestionSchema = z.object({
  text: z.string({ error: en.required.question }).trim().min(1, en.required.question).max(MAX_TEXT_LENGTH, en.tooLong.question),
});
export type GlobalQuestionInput = z.input<typeof globalQuestionSchema>;

export const globalQuestionResultSchema = z.object({ count: z.number().int().nonnegative() });
export type GlobalQuestionResult = z.infer<typeof globalQuestionResultSchema>;
