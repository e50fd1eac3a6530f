import { z } from 'zod';
import { answerPictureSchema, contentWarningInput, pictureAltInput } from './answerExtras.js';
import { MAX_TEXT_LENGTH } from './limits.js';
import { lineText, userText } from './text.js';
import { userSummarySchema } from './users.js';

/**
 * Question or answer text: trimmed, non-blank (invisible-only counts as blank), at most `max`
 * characters: 300 (the spec's), or the instance's MAX_TEXT_LENGTH (decision 317).
 */
const postText = (field: 'question' | 'answer', max: number) => userText({ max, required: `${field}_required`, tooLong: `${field}_too_long` });

export const askQuestionSchemaFor = (max: number) =>
  z.object({
    text: postText('question', max),
    isAnonymous: z.boolean().default(true),
  });
export const askQuestionSchema = askQuestionSchemaFor(MAX_TEXT_LENGTH);
export type AskQuestionInput = z.input<typeof askQuestionSchema>;

/**
 * An answer: its text, an optional content warning, and the alt text of the picture stored for it
 * beforehand (POST /api/questions/:id/picture); without `picture` a stored picture is dropped.
 */
export const answerQuestionSchemaFor = (max: number) =>
  z.object({
    answer: postText('answer', max),
    contentWarning: contentWarningInput.optional(),
    picture: z.object({ alt: pictureAltInput }).optional(),
    /**
     * Only for a question from a followers-only or direct fediverse post (`remoteSender.privatePost`):
     * also publish the answer to the receiver's followers, the asker not named (decision 332).
     * True for any other question is refused (`not_private_remote_question`).
     */
    publishToFollowers: z.boolean().default(false),
  });
export const answerQuestionSchema = answerQuestionSchemaFor(MAX_TEXT_LENGTH);
export type AnswerQuestionInput = z.input<typeof answerQuestionSchema>;

export const questionIdParamsSchema = z.object({ id: lineText(100).pipe(z.string().min(1)) });
export const cursorQuerySchema = z.object({ cursor: lineText(200).optional() });

/**
 * Which of the inbox's questions a list shows: all, the anonymous ones (the global question's too),
 * the named ones (from the fediverse too), or those asked from other servers.
 */
export const INBOX_FILTERS = ['all', 'anonymous', 'named', 'fediverse'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
/** The inbox as the receiver narrowed it: a filter and words its questions contain (any case). */
export const inboxSelectionSchema = z.object({ filter: z.enum(INBOX_FILTERS).default('all'), q: lineText(100).default('') });
export type InboxSelection = z.infer<typeof inboxSelectionSchema>;
export const inboxQuerySchema = cursorQuerySchema.extend(inboxSelectionSchema.shape);
/**
 * Deleting every question of a selection, up to the newest one the receiver was shown (by its id
 * and time), so a question that arrives meanwhile is never deleted unseen.
 */
export const deleteInboxQuerySchema = inboxSelectionSchema.extend({ throughId: questionIdParamsSchema.shape.id, throughAt: z.iso.datetime({ offset: true }) });
export type DeleteInboxQuery = z.input<typeof deleteInboxQuerySchema>;
export const deletedCountSchema = z.object({ count: z.number().int() });

/** An unanswered question in the receiver's inbox. `sender` is null when anonymous, always. */
export const inboxQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  isAnonymous: z.boolean(),
  isGlobal: z.boolean(),
  /** Sent by 'Ask my followers' to everyone who follows its sender. */
  toFollowers: z.boolean(),
  createdAt: z.string(),
  sender: userSummarySchema.nullable(),
  /** 'Block this asker' is offered: an anonymous question someone else sent (decision 270). */
  canBlockAsker: z.boolean(),
  /** Asked from another server by mentioning the receiver (decision 300); `sender` is then null. */
  remoteSender: z
    .object({
      actorUri: z.string(),
      handle: z.string(),
      name: z.string(),
      domain: z.string(),
      /** The post was followers-only or direct: the answer goes to the asker alone unless `publishToFollowers` (decision 332). */
      privatePost: z.boolean(),
    })
    .nullable(),
});
export type InboxQuestion = z.infer<typeof inboxQuestionSchema>;

/** An answered question as shown on profiles and in the home feed. */
export const answerSchema = z.object({
  id: z.string(),
  text: z.string(),
  answer: z.string(),
  /** shown collapsed behind this text until opened; null = none */
  contentWarning: z.string().nullable(),
  picture: answerPictureSchema.nullable(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** null when the question was anonymous (the server never says who sent it). */
  sender: userSummarySchema.nullable(),
  /**
   * A named question asked from another server (decision 300): its asker's `@user@host` and name,
   * shown only when their post was public (decision 331); null otherwise, and always when anonymous.
   */
  remoteSender: z.object({ handle: z.string(), name: z.string() }).nullable(),
  receiver: userSummarySchema,
  /** The receiver's profile is public: the answer has a public page and cards anyone may share. */
  publicProfile: z.boolean(),
  /** pinned to the top of its receiver's profile */
  pinned: z.boolean(),
  likeCount: z.number().int(),
  /** replies shown under the answer to this viewer (0 while its owner has replies off) */
  replyCount: z.number().int(),
  /** times the answer was boosted (Announce) from other servers; shown when not 0 */
  boostCount: z.number().int(),
  likedByViewer: z.boolean(),
});
export type Answer = z.infer<typeof answerSchema>;

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export const inboxPageSchema = page(inboxQuestionSchema);

/**
 * One of the viewer's questions as they asked it (from their own record, decision 205): to whom,
 * and the answer once there is one the viewer may read. A question not answered, whether waiting,
 * deleted or dropped by the receiver's choices, looks the same: it never tells what they did.
 */
export const askedQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  /** null once the receiver's account is gone */
  receiver: z.object({ username: z.string(), fullname: z.string() }).nullable(),
  answer: z.string().nullable(),
  /** the answer's content warning: the answer is shown behind it */
  contentWarning: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type AskedQuestion = z.infer<typeof askedQuestionSchema>;
export const askedQuestionPageSchema = page(askedQuestionSchema);
export type AskedQuestionPage = z.infer<typeof askedQuestionPageSchema>;
export type InboxPage = z.infer<typeof inboxPageSchema>;
export const answerPageSchema = page(answerSchema);
/** A profile's pinned answers, newest answer first (at most PINNED_ANSWERS_MAX). */
export const pinnedAnswersSchema = z.object({ items: z.array(answerSchema) });
export type AnswerPage = z.infer<typeof answerPageSchema>;

export const askQuestionResponseSchema = z.object({ id: z.string() });
export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** The home feed as of a moment: the list stays stable until the user asks for newer answers. */
export const feedQuerySchema = cursorQuerySchema.extend({ until: z.iso.datetime({ offset: true }).optional() });
export const feedNewCountQuerySchema = z.object({ since: z.iso.datetime({ offset: true }) });
export const feedNewCountSchema = z.object({ count: z.number().int() });
export type FeedNewCount = z.infer<typeof feedNewCountSchema>;
