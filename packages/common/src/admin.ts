import { z } from 'zod';
import { MAX_TEXT_LENGTH } from './limits.js';
import { userText } from './text.js';

/** POST /api/admin/global-question: one anonymous question for every user (≤300 characters, non-blank). */
export const globalQuestionSchemaFor = (max: number) =>
  z.object({
    text: userText({ max, required: 'question_required', tooLong: 'question_too_long' }),
  });
export const globalQuestionSchema = globalQuestionSchemaFor(MAX_TEXT_LENGTH);
export type GlobalQuestionInput = z.input<typeof globalQuestionSchema>;

export const globalQuestionResultSchema = z.object({ count: z.number().int().nonnegative() });
export type GlobalQuestionResult = z.infer<typeof globalQuestionResultSchema>;
