import {
  createReportResultSchema,
  createReportSchema,
  cursorQuerySchema,
  moderationQueueSchema,
  reportIdParamsSchema,
  resolveReportResultSchema,
  resolveReportSchema,
  suspendedAccountListSchema,
  usernameParamsSchema,
} from '@askbox/common';
import {
  appealListSchema,
  appealSchema,
  auditPageSchema,
  blockSenderResultSchema,
  removeQuestionsResultSchema,
  senderBlockListSchema,
  setRoleSchema,
  suspendInputSchema,
  teamSchema,
} from '@askbox/common';
import type { Role } from '@askbox/common';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { AppError } from '../../errors.js';
import { requireAdmin, requireModerator, requireViewer } from '../../http/viewer.js';
import { events } from '../../events/emit.js';
import { rateLimitClient } from '../../rateLimit.js';
import { userByUsername } from '../users/lookup.js';
import { moderationQueue, resolveReport, suspendedAccounts } from './queue.js';
import { createReport } from './reports.js';
import { restoreAccount, suspendAccount } from './suspension.js';
import { auditPage } from './audit.js';
import { appealSuspension, openAppeals } from './appeals.js';
import { removeAccountQuestions } from './removeQuestions.js';
import { blockSenderEverywhere, listSenderBlocks, unblockSender } from './senderBlocks.js';
import { setRole, team } from './team.js';
import { assertOutranks } from './roleOrder.js';

const accountStateSchema = z.object({ suspended: z.boolean() });

export async function moderationRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Report a question in your inbox, an answer or a profile (one report per item; a second one changes nothing)',
        body: createReportSchema,
        response: { 200: createReportResultSchema },
      },
    },
    async (request) => createReport(ctx, requireViewer(request).id, request.body),
  );

  // the role is checked before the input, so someone without it learns nothing about it
  const adminOnly = {
    preValidation: async (request: Parameters<typeof requireAdmin>[0]) => {
      requireAdmin(request);
    },
  };
  const moderatorsOnly = {
    preValidation: async (request: Parameters<typeof requireModerator>[0]) => {
      requireModerator(request);
    },
  };
  const actorOf = (user: { id: string; username: string; role: Role }) => ({ id: user.id, username: user.username, role: user.role });

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Open reports, oldest first, 20 a page (moderators); never the sender of an anonymous question',
        querystring: cursorQuerySchema,
        response: { 200: moderationQueueSchema },
      },
      ...moderatorsOnly,
    },
    async (request) => {
      requireModerator(request);
      return moderationQueue(ctx.db, request.query.cursor);
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Resolve a report: dismiss, delete the content, or suspend the account with a reason and an optional end (moderators)',
        params: reportIdParamsSchema,
        body: resolveReportSchema,
        response: { 200: resolveReportResultSchema },
      },
      ...moderatorsOnly,
    },
    async (request) =>
      resolveReport(ctx, actorOf(requireModerator(request)), request.params.id, request.body.action, {
        reason: request.body.reason,
        until: request.body.until ? new Date(request.body.until) : null,
      }),
  );

  app.post(
    '/api/admin/reports/:id/block-sender',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Block the sender of a reported anonymous question everywhere: their later anonymous questions drop quietly for every receiver; nobody is told who it is (moderators)',
        params: reportIdParamsSchema,
        response: { 200: blockSenderResultSchema },
      },
      ...moderatorsOnly,
    },
    async (request) => blockSenderEverywhere(ctx, actorOf(requireModerator(request)), request.params.id),
  );

  app.get(
    '/api/admin/sender-blocks',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Instance-wide sender blocks, as the question each was made from (moderators)',
        response: { 200: senderBlockListSchema },
      },
      ...moderatorsOnly,
    },
    async (request) => {
      requireModerator(request);
      return { items: await listSenderBlocks(ctx.db) };
    },
  );

  app.delete(
    '/api/admin/sender-blocks/:id',
    {
      schema: { tags: ['moderation'], summary: 'Lift an instance-wide sender block (moderators)', params: reportIdParamsSchema, response: { 204: z.null() } },
      ...moderatorsOnly,
    },
    async (request, reply) => {
      await unblockSender(ctx, actorOf(requireModerator(request)), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/users/:username/remove-questions',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Remove every question this account sent, named and anonymous, from every inbox (moderators)',
        params: usernameParamsSchema,
        response: { 200: removeQuestionsResultSchema },
      },
      ...moderatorsOnly,
    },
    async (request) => removeAccountQuestions(ctx, actorOf(requireModerator(request)), request.params.username),
  );

  app.get(
    '/api/admin/appeals',
    { schema: { tags: ['moderation'], summary: 'Open suspension appeals, oldest first (moderators)', response: { 200: appealListSchema } }, ...moderatorsOnly },
    async (request) => {
      requireModerator(request);
      return { items: await openAppeals(ctx.db) };
    },
  );

  app.post(
    '/api/auth/appeal',
    {
      schema: {
        tags: ['moderation'],
        summary: 'A suspended person appeals their suspension, once, with their email and password (they cannot sign in)',
        body: appealSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => appealSuspension(ctx, rateLimitClient(request.ip), request.body),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of moderation and admin actions, newest first, 20 a page (admins only)',
        querystring: cursorQuerySchema,
        response: { 200: auditPageSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      requireAdmin(request);
      return auditPage(ctx.db, request.query.cursor);
    },
  );

  app.get(
    '/api/admin/team',
    { schema: { tags: ['admin'], summary: 'The moderation team: every admin and moderator (admins only)', response: { 200: teamSchema } }, ...adminOnly },
    async (request) => {
      requireAdmin(request);
      return { items: await team(ctx.db) };
    },
  );

  app.put(
    '/api/admin/users/:username/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Change an account's role: user, moderator or admin (admins only)",
        params: usernameParamsSchema,
        body: setRoleSchema,
        response: { 200: setRoleSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      await setRole(ctx, actorOf(requireAdmin(request)), request.params.username, request.body.role);
      return { role: request.body.role };
    },
  );

  app.get(
    '/api/admin/suspended',
    { schema: { tags: ['moderation'], summary: 'Suspended accounts (moderators)', response: { 200: suspendedAccountListSchema } }, ...moderatorsOnly },
    async (request) => {
      requireModerator(request);
      return { items: await suspendedAccounts(ctx.db) };
    },
  );

  for (const action of ['suspend', 'restore'] as const) {
    app.post(
      `/api/admin/users/:username/${action}`,
      {
        schema: {
          tags: ['moderation'],
          summary: action === 'suspend' ? 'Suspend an account with a reason and an optional end (moderators)' : 'Restore a suspended account (moderators)',
          params: usernameParamsSchema,
          ...(action === 'suspend' ? { body: suspendInputSchema } : {}),
          response: { 200: accountStateSchema },
        },
        ...moderatorsOnly,
      },
      async (request) => {
        const moderator = requireModerator(request);
        // suspended accounts are found too (the routes' usual lookup hides them)
        const user = await userByUsername(ctx.db, request.params.username);
        if (!user) throw new AppError('not_found');
        if (action === 'suspend' && user.id === moderator.id) throw new AppError('self_suspend');
        assertOutranks(actorOf(moderator), user);
        const terms = (request.body ?? { reason: '', until: null }) as { reason: string; until: string | null };
        await ctx.db.transaction(async (tx) => {
          await (action === 'suspend'
            ? suspendAccount(tx, ctx, user.id, actorOf(moderator), { reason: terms.reason, until: terms.until ? new Date(terms.until) : null })
            : restoreAccount(tx, ctx, user.id, actorOf(moderator)));
          await events.emit(tx, ctx, { type: 'reportsChanged' });
        });
        return { suspended: action === 'suspend' };
      },
    );
  }
}
