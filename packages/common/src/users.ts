import { z } from 'zod';

/** A user as shown in any list (feed item, search result, followers...): public fields only. */
export const userSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  fullname: z.string(),
  photoURL: z.string(),
  badge: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
