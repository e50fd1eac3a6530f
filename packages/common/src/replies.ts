import { z } from 'zod';
import { MAX_TEXT_LENGTH } from './limits.js';
import { lineText, userText } from './text.js';
import { userSummarySchema } from './users.js';

/**
 * Replies under an answer (decision 358): signed-in people write plain text (the instance's text
 * limit, @mentions and links shown as in answers) in a thread under the answer, newest last. A
 * reply is always named; replies from the fediverse join the thread (decision 370). The answer's owner turns replies on or off and says who may reply.
 */

/** Who may reply under my answers: everyone, people I follow, or nobody (existing replies stay shown). */
export const WHO_MAY_REPLY = ['everyone', 'following', 'nobody'] as const;
export type WhoMayReply = (typeof WHO_MAY_REPLY)[number];
export const whoMayReplySchema = z.enum(WHO_MAY_REPLY);

export const replyInputSchemaFor = (max: number) => z.object({ text: userText({ max, required: 'reply_required', tooLong: 'reply_too_long' }) });
export const replyInputSchema = replyInputSchemaFor(MAX_TEXT_LENGTH);
export type ReplyInput = z.input<typeof replyInputSchema>;

export const replyIdParamsSchema = z.object({ id: lineText(100).pipe(z.string().min(1)) });

export const replySchema = z.object({
  id: z.string(),
  answerId: z.string(),
  text: z.string(),
  /** null for a reply from the fediverse: `remoteAuthor` names it */
  author: userSummarySchema.nullable(),
  /** A reply from another server (decision 370): its author's `@user@host` and name, never their picture. */
  remoteAuthor: z.object({ handle: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Only ever true for the viewer's own reply, or in the owner's hidden-replies list: hidden replies are shown to nobody else. */
  hidden: z.boolean(),
  /** The viewer may delete it: their own reply, or any reply under their answer. */
  canDelete: z.boolean(),
  /** The viewer may hide it: a reply under the viewer's answer, by someone else. */
  canHide: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

/**
 * A page of a thread, oldest first (newest last), and what the viewer may do: `open` is false
 * when the owner turned replies off (no reply is shown then), `mayReply` says whether the reply
 * form is offered. Neither depends on who asked the question.
 */
export const replyPageSchema = z.object({
  items: z.array(replySchema),
  nextCursor: z.string().nullable(),
  open: z.boolean(),
  mayReply: z.boolean(),
});
export type ReplyPage = z.infer<typeof replyPageSchema>;

/** The owner's hidden-replies list: replies they hid and replies hidden for a muted word, newest first. */
export const hiddenReplySchema = replySchema.extend({
  reason: z.enum(['owner', 'muted']),
  answer: z.object({ id: z.string(), answer: z.string() }),
});
export type HiddenReply = z.infer<typeof hiddenReplySchema>;
export const hiddenReplyPageSchema = z.object({ items: z.array(hiddenReplySchema), nextCursor: z.string().nullable() });
export type HiddenReplyPage = z.infer<typeof hiddenReplyPageSchema>;
