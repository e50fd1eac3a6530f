import { z } from 'zod';
import { errorCode } from './errors.js';

/**
 * Remote servers the operator blocked for the whole instance: nothing they send is handled and
 * nothing is delivered to them (admins; also `npm run cli -- fediverse-block`).
 */
export const fediverseServerNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, errorCode('server_name_invalid'));

export const fediverseServerBlockSchema = z.object({
  domain: fediverseServerNameSchema,
  reason: z.string().trim().max(500).default(''),
});
export type FediverseServerBlockInput = z.input<typeof fediverseServerBlockSchema>;

export const fediverseServerBlockListSchema = z.object({
  items: z.array(z.object({ domain: z.string(), reason: z.string(), createdAt: z.string() })),
});
export type FediverseServerBlockList = z.infer<typeof fediverseServerBlockListSchema>;

export const fediverseServerParamsSchema = z.object({ domain: fediverseServerNameSchema });
