import { z } from 'zod';
import { errorCode } from './errors.js';
import { MAX_APPEAL_LENGTH, MAX_SUSPENSION_REASON_LENGTH } from './limits.js';
import { userSummarySchema } from './users.js';

/** An account's role: admins run the instance, moderators handle reports and suspensions (decision 286). */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What the audit log records (decision 289). */
export const AUDIT_ACTIONS = [
  'role_changed',
  'account_suspended',
  'account_restored',
  'suspension_ended',
  'report_dismissed',
  'content_deleted',
  'questions_removed',
  'sender_blocked',
  'sender_unblocked',
  'global_question_sent',
  'appeal_received',
  'delivery_retried',
  'delivery_discarded',
  'fediverse_server_blocked',
  'fediverse_server_unblocked',
  'prompt_added',
  'prompt_removed',
  'page_edited',
  'announcement_scheduled',
  'announcement_ended',
  'two_factor_reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about: an account by username, a report, a question, the instance, a remote server by host name. Never an anonymous sender. */
export const AUDIT_TARGET_KINDS = ['account', 'report', 'question', 'instance', 'delivery', 'server'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** the username of who acted; ':server' for the server itself (a timed suspension that ended), ':cli' for the command line */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetKind: z.enum(AUDIT_TARGET_KINDS),
  target: z.string(),
  reason: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** POST /api/admin/users/:username/suspend: why, and until when (none: until restored). */
export const suspendInputSchema = z
  .object({
    reason: z.string().trim().max(MAX_SUSPENSION_REASON_LENGTH, errorCode('suspension_reason_too_long')).default(''),
    until: z.iso
      .datetime({ offset: true, error: errorCode('suspension_end_invalid') })
      .nullable()
      .default(null),
  })
  // no body at all (the API before reasons existed) is a suspension without reason nor end
  .nullish()
  .transform((terms) => terms ?? { reason: '', until: null });
export type SuspendInput = z.input<typeof suspendInputSchema>;

/** PUT /api/admin/users/:username/role (admins only) */
export const setRoleSchema = z.object({ role: z.enum(ROLES, { error: errorCode('role_invalid') }) });
export type SetRoleInput = z.infer<typeof setRoleSchema>;

/** The moderation team (admins): every admin and moderator. */
export const teamMemberSchema = userSummarySchema.extend({ role: z.enum(ROLES) });
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamSchema = z.object({ items: z.array(teamMemberSchema) });

/** The reason-bearing resolution body (suspend from a report). */
export const blockSenderResultSchema = z.object({ blocked: z.literal(true), resolved: z.number().int() });
export type BlockSenderResult = z.infer<typeof blockSenderResultSchema>;

export const removeQuestionsResultSchema = z.object({ removed: z.number().int() });
export type RemoveQuestionsResult = z.infer<typeof removeQuestionsResultSchema>;

/** The instance-wide sender blocks, each shown as the question it was made from (never as an account). */
export const senderBlockSchema = z.object({ id: z.string(), questionText: z.string(), createdAt: z.string(), by: z.string() });
export type SenderBlock = z.infer<typeof senderBlockSchema>;
export const senderBlockListSchema = z.object({ items: z.array(senderBlockSchema) });

/** POST /api/auth/appeal: the suspended person proves who they are with their password, once. */
export const appealSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
  text: z.string().trim().min(1, errorCode('appeal_text_required')).max(MAX_APPEAL_LENGTH, errorCode('appeal_text_too_long')),
  // checked as at log-in: after failed attempts to this address, a solved log-in challenge too
  challenge: z.string().max(4000).optional(),
});
export type AppealInput = z.infer<typeof appealSchema>;

export const appealEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  user: userSummarySchema,
  text: z.string(),
  reason: z.string(),
  until: z.string().nullable(),
});
export type AppealEntry = z.infer<typeof appealEntrySchema>;
export const appealListSchema = z.object({ items: z.array(appealEntrySchema) });

/** The admins' dashboard (GET /api/admin/dashboard). */
export const DASHBOARD_QUEUES = ['push', 'email', 'federation'] as const;
export type DashboardQueue = (typeof DASHBOARD_QUEUES)[number];

export const failedDeliverySchema = z.object({ id: z.string(), createdAt: z.string(), attempts: z.number().int(), lastError: z.string() });
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;

export const dashboardSchema = z.object({
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** bytes the database takes on disk */
  databaseBytes: z.number(),
  /** bytes the uploaded pictures and cached cards take on disk; null with S3 storage (its provider counts them) */
  mediaBytes: z.number().nullable(),
  /** people with a session that has not expired */
  activePeople: z.number().int(),
  /** the last 14 days, oldest first (UTC days) */
  days: z.array(z.object({ day: z.string(), signups: z.number().int(), questions: z.number().int(), answers: z.number().int() })),
  queues: z.array(
    z.object({
      queue: z.enum(DASHBOARD_QUEUES),
      pending: z.number().int(),
      retrying: z.number().int(),
      failed: z.number().int(),
      /** the newest failed rows (at most 20) */
      failedItems: z.array(failedDeliverySchema),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const deliveryParamsSchema = z.object({ queue: z.enum(DASHBOARD_QUEUES), id: z.string().min(1).max(100) });
