import { z } from 'zod';
import { MAX_TEXT_LENGTH } from './limits.js';
import { messages } from './messages.js';

/** POST /api/admin/global-question: one anonymous question for every user (spec §5: ≤300, non-blank). */
export const globalQuestionSchema = z.object({
  text: z
    .string({ error: messages.fieldRequired('Question') })
    .trim()
    .min(1, messages.fieldRequired('Question'))
    .max(MAX_TEXT_LENGTH, `Question must be at most ${MAX_TEXT_LENGTH} characters`),
});
export type GlobalQuestionInput = z.input<typeof globalQuestionSchema>;

export const globalQuestionResultSchema = z.object({ count: z.number().int().nonnegative() });
export type GlobalQuestionResult = z.infer<typeof globalQuestionResultSchema>;
