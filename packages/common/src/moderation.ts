import { z } from 'zod';
import { errorCode } from './errors.js';
import { MAX_REPORT_DETAILS_LENGTH, MAX_SUSPENSION_REASON_LENGTH } from './limits.js';
import { userSummarySchema } from './users.js';

/** What can be reported: a question in one's inbox, an answer, a profile, a reply under an answer. */
export const REPORT_TARGET_KINDS = ['question', 'answer', 'profile', 'reply'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How an admin closed a report; `content_gone` when the content had been deleted already. */
export const REPORT_RESOLUTIONS = ['dismissed', 'content_deleted', 'account_suspended', 'content_gone', 'sender_blocked'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const REPORT_ACTIONS = ['dismiss', 'delete', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** POST /api/reports */
export const createReportSchema = z
  .object({
    kind: z.enum(REPORT_TARGET_KINDS, { error: errorCode('report_target_required') }),
    /** question id (question, answer), username (profile) or reply id (reply) */
    target: z
      .string({ error: errorCode('report_target_required') })
      .trim()
      .min(1, errorCode('report_target_required'))
      .max(100, errorCode('report_target_required')),
    reason: z.enum(REPORT_REASONS, { error: errorCode('report_reason_required') }),
    details: z
      .string({ error: errorCode('report_details_required') })
      .trim()
      .max(MAX_REPORT_DETAILS_LENGTH, errorCode('report_details_too_long'))
      .default(''),
    /** one of the instance's rules (GET /api/rules), with reason 'other': the rule says why, details may stay empty */
    rule: z
      .string({ error: errorCode('invalid_input') })
      .trim()
      .min(1, errorCode('invalid_input'))
      .max(300, errorCode('invalid_input'))
      .optional(),
  })
  .refine((r) => r.reason !== 'other' || r.details.length > 0 || r.rule !== undefined, { message: errorCode('report_details_required'), path: ['details'] });
export type CreateReportInput = z.input<typeof createReportSchema>;

/** A second report of the same item by the same person is accepted and changes nothing. */
export const createReportResultSchema = z.object({ reported: z.literal(true), alreadyReported: z.boolean() });
export type CreateReportResult = z.infer<typeof createReportResultSchema>;

/**
 * The reported content as an admin sees it. `sender` is set only for NAMED questions: an
 * anonymous question shows `isAnonymous: true` and no sender, to admins too.
 */
export const reportedContentSchema = z.object({
  kind: z.enum(REPORT_TARGET_KINDS),
  /** false when the content (or account) no longer exists */
  exists: z.boolean(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  isAnonymous: z.boolean(),
  sender: userSummarySchema.nullable(),
  /** a reply from the fediverse (decision 370): its author's `@user@host` and name; `sender` is then null */
  remoteSender: z.object({ handle: z.string(), name: z.string() }).nullable(),
  /**
   * the receiver of a question/answer, or the reported profile. A reply shows as its author
   * (`sender`) to the answer's owner (`owner`), the answer as `question` and the reply as `answer`.
   */
  owner: userSummarySchema.nullable(),
});
export type ReportedContent = z.infer<typeof reportedContentSchema>;

export const moderationReportSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  reason: z.enum(REPORT_REASONS),
  /** the instance rule the reporter named, if any */
  rule: z.string().nullable(),
  details: z.string(),
  reporter: userSummarySchema.nullable(),
  content: reportedContentSchema,
  /** the account a suspension would hit; null for an anonymous question (and when gone) */
  account: userSummarySchema.extend({ suspended: z.boolean() }).nullable(),
  /** the other open reports of the same item */
  sameItemOpen: z.number().int(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

export const moderationQueueSchema = z.object({ items: z.array(moderationReportSchema), nextCursor: z.string().nullable() });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const reportIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: errorCode('report_action_invalid') }),
  /** for 'suspend': why, and until when (none: until restored) */
  reason: z.string().trim().max(MAX_SUSPENSION_REASON_LENGTH, errorCode('suspension_reason_too_long')).default(''),
  until: z.iso
    .datetime({ offset: true, error: errorCode('suspension_end_invalid') })
    .nullable()
    .default(null),
});
export type ResolveReportInput = z.input<typeof resolveReportSchema>;
export const resolveReportResultSchema = z.object({ resolution: z.enum(REPORT_RESOLUTIONS), resolved: z.number().int() });
export type ResolveReportResult = z.infer<typeof resolveReportResultSchema>;

/** Suspended accounts (admins): restore from the moderation screen. */
export const suspendedAccountSchema = userSummarySchema.extend({ suspendedAt: z.string(), reason: z.string(), until: z.string().nullable() });
export const suspendedAccountListSchema = z.object({ items: z.array(suspendedAccountSchema) });
export type SuspendedAccount = z.infer<typeof suspendedAccountSchema>;
