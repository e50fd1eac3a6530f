import { z } from 'zod';
import { errorCode } from './errors.js';
import { MAX_PASSWORD_LENGTH } from './limits.js';

/**
 * Moving an account on the fediverse: the old accounts this one says it also is (`alsoKnownAs`,
 * what the new server checks before it accepts a Move), and the Move to a new account, after
 * which the actor document carries `movedTo`.
 */

/** `@name@server` (the leading @ optional), as people copy it from their profile. */
export const fediverseHandleSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^@?[^@\s/]+@[^@\s/]+\.[^@\s/]+$/, errorCode('fediverse_handle_invalid'));

/** A fediverse account named by its handle and its ActivityPub actor. */
export const fediverseAccountSchema = z.object({ handle: z.string(), uri: z.string() });
export type FediverseAccount = z.infer<typeof fediverseAccountSchema>;

export const accountMovingSchema = z.object({
  /** the old accounts, in the order they were added */
  aliases: z.array(fediverseAccountSchema),
  /** the new account this one moved to; null while it has not moved */
  movedTo: fediverseAccountSchema.nullable(),
  movedAt: z.string().nullable(),
});
export type AccountMoving = z.infer<typeof accountMovingSchema>;

export const addAliasSchema = z.object({ handle: fediverseHandleSchema });
export const removeAliasSchema = z.object({ uri: z.string().max(2000) });

export const moveAccountSchema = z.object({
  handle: fediverseHandleSchema,
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  /** the solved proof-of-work challenge, after failed passwords (as when deleting the account) */
  challenge: z.string().max(4000).optional(),
});
export type MoveAccountInput = z.input<typeof moveAccountSchema>;
