import { z } from 'zod';
import { errorCode } from './errors.js';

/**
 * People on other servers (ActivityPub): remote followers of a public profile, and the remote
 * accounts and domains a user blocked.
 */

export const remoteFollowerSchema = z.object({
  /** their actor URI: the id to block them by */
  uri: z.string(),
  /** `@name@server` */
  handle: z.string(),
  name: z.string(),
  /** their profile page, when it is an http(s) link */
  url: z.string().nullable(),
  iconUrl: z.string().nullable(),
  domain: z.string(),
});
export type RemoteFollower = z.infer<typeof remoteFollowerSchema>;

export const remoteFollowerListSchema = z.object({ items: z.array(remoteFollowerSchema) });
export type RemoteFollowerList = z.infer<typeof remoteFollowerListSchema>;

/** Block one remote account (by actor URI) or every account of a server (by host name). */
export const remoteBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('actor'), target: z.url({ protocol: /^https?$/ }).max(2000) }),
  z.object({
    kind: z.literal('domain'),
    target: z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(/^[a-z0-9.-]+$/, errorCode('server_name_invalid')),
  }),
]);
export type RemoteBlockInput = z.infer<typeof remoteBlockSchema>;

export const remoteBlockListSchema = z.object({
  items: z.array(z.object({ kind: z.enum(['actor', 'domain']), target: z.string(), handle: z.string().nullable() })),
});
export type RemoteBlockList = z.infer<typeof remoteBlockListSchema>;
