import { z } from 'zod';
import { askQuestionSchema } from './questions.js';
import { challengeFieldSchema } from './challenge.js';

/**
 * A question from someone without an account, on the signed-out page of a receiver who allows it
 * (decision 305): always anonymous, with a solved proof-of-work challenge (purpose
 * 'visitor_question'). Whether it reached the inbox or was quietly dropped, the answer is the same.
 */
export const visitorQuestionSchema = z.object({
  text: askQuestionSchema.shape.text,
  challenge: challengeFieldSchema,
});
export type VisitorQuestionInput = z.input<typeof visitorQuestionSchema>;
