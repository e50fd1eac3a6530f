import { z } from 'zod';
import { userSummarySchema } from './users.js';

/**
 * The Filtered folder (when the receiver keeps filtered questions): questions one of their muted
 * words kept out of the inbox, newest first, for FILTERED_KEEP_DAYS. `sender` is null when
 * anonymous, always, as in the inbox.
 */
export const filteredQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  sender: userSummarySchema.nullable(),
});
export type FilteredQuestion = z.infer<typeof filteredQuestionSchema>;
export const filteredPageSchema = z.object({ items: z.array(filteredQuestionSchema), nextCursor: z.string().nullable() });
export type FilteredPage = z.infer<typeof filteredPageSchema>;
