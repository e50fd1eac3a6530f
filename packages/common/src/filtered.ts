import { z } from 'zod';
import { inboxQuestionSchema } from './questions.js';

/**
 * The Filtered folder (when the receiver keeps filtered questions): questions one of their muted
 * words kept out of the inbox, newest first, for FILTERED_KEEP_DAYS. `sender` is null when
 * anonymous, always, as in the inbox; how it was asked (the admin's global question, 'Ask my
 * followers', another server) shows as in the inbox.
 */
export const filteredQuestionSchema = inboxQuestionSchema.omit({ canBlockAsker: true });
export type FilteredQuestion = z.infer<typeof filteredQuestionSchema>;
export const filteredPageSchema = z.object({ items: z.array(filteredQuestionSchema), nextCursor: z.string().nullable() });
export type FilteredPage = z.infer<typeof filteredPageSchema>;
