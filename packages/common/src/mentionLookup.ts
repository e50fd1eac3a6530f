import { z } from 'zod';
import { MAX_MENTION_LOOKUP } from './mentions.js';

/** `GET /api/mentions?usernames=a,b`: which of these @mentions are people one can visit. */
export const mentionLookupQuerySchema = z.object({
  usernames: z
    .string()
    .max(MAX_MENTION_LOOKUP * 31)
    .transform((list) =>
      [
        ...new Set(
          list
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter(Boolean),
        ),
      ].slice(0, MAX_MENTION_LOOKUP),
    ),
});
export const mentionLookupSchema = z.object({ usernames: z.array(z.string()) });
export type MentionLookup = z.infer<typeof mentionLookupSchema>;
