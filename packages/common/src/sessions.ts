import { z } from 'zod';

/**
 * 'Your sessions' in Settings: the devices signed in to the account, each named by a public id
 * (never by what identifies it to the server), with the browser and system it signed in from.
 */
export const signedInSessionSchema = z.object({
  id: z.string(),
  /** 'Firefox', 'Chrome'…; null when the browser was not recognised (or signed in before the list existed) */
  browser: z.string().nullable(),
  /** 'Linux', 'Android', 'macOS'…; null when not recognised */
  os: z.string().nullable(),
  createdAt: z.string(),
  /** coarse: moved forward at most every few minutes */
  lastUsedAt: z.string(),
  /** the session of the device asking */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** This device first, then the most recently used. */
export const signedInSessionListSchema = z.object({ items: z.array(signedInSessionSchema) });
export type SignedInSessionList = z.infer<typeof signedInSessionListSchema>;

export const signedInSessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** What 'Sign out all other sessions' ended. */
export const otherSessionsEndedSchema = z.object({ ended: z.number().int() });
