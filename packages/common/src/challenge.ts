import { z } from 'zod';

/**
 * A proof-of-work challenge (ALTCHA): the browser finds a counter whose hash starts with the
 * challenge's prefix, quietly, while the person types. What it protects is named in the challenge,
 * so a solution for one form cannot be spent on another.
 */
export const CHALLENGE_PURPOSES = ['signup', 'login', 'password_reset', 'visitor_question'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

export const challengeQuerySchema = z.object({ purpose: z.enum(CHALLENGE_PURPOSES) });

/** The signed challenge as altcha-lib makes it (parameters + HMAC signature). */
export const challengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    })
    .loose(),
  signature: z.string(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const challengeResponseSchema = z.object({ challenge: challengeSchema });

/** A solved challenge, as the forms send it: base64 of `{ challenge, solution }` (altcha's payload). */
export const challengeFieldSchema = z.string().max(4000).optional();
