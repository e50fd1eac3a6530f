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
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { AppError } from '../../errors.js';
import { requireAdmin, requireViewer } from '../../http/viewer.js';
import { events } from '../../events/emit.js';
import { userByUsername } from '../users/lookup.js';
import { moderationQueue, resolveReport, suspendedAccounts } from './queue.js';
import { createReport } from './reports.js';
import { restoreAccount, suspendAccount } from './suspension.js';

const accountStateSchema = z.object({ suspended: z.boolean() });

export async function moderationRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
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

  // admins only: the role is checked before the input, so a non-admin learns nothing about it
  const adminOnly = {
    preValidation: async (request: Parameters<typeof requireAdmin>[0]) => {
      requireAdmin(request);
    },
  };

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Open reports, oldest first, 20 a page (admins only); never the sender of an anonymous question',
        querystring: cursorQuerySchema,
        response: { 200: moderationQueueSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      requireAdmin(request);
      return moderationQueue(ctx.db, request.query.cursor);
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Resolve a report: dismiss, delete the content, or suspend the account (admins only)',
        params: reportIdParamsSchema,
        body: resolveReportSchema,
        response: { 200: resolveReportResultSchema },
      },
      ...adminOnly,
    },
    async (request) => resolveReport(ctx, requireAdmin(request).id, request.params.id, request.body.action),
  );

  app.get(
    '/api/admin/suspended',
    { schema: { tags: ['moderation'], summary: 'Suspended accounts (admins only)', response: { 200: suspendedAccountListSchema } }, ...adminOnly },
    async (request) => {
      requireAdmin(request);
      return { items: await suspendedAccounts(ctx.db) };
    },
  );

  for (const action of ['suspend', 'restore'] as const) {
    app.post(
      `/api/admin/users/:username/${action}`,
      {
        schema: {
          tags: ['moderation'],
          summary: action === 'suspend' ? 'Suspend an account (admins only)' : 'Restore a suspended account (admins only)',
          params: usernameParamsSchema,
          response: { 200: accountStateSchema },
        },
        ...adminOnly,
      },
      async (request) => {
        const admin = requireAdmin(request);
        // suspended accounts are found too (the routes' usual lookup hides them)
        const user = await userByUsername(ctx.db, request.params.username);
        if (!user) throw new AppError('not_found');
        if (action === 'suspend' && user.id === admin.id) throw new AppError('self_suspend');
        await ctx.db.transaction(async (tx) => {
          await (action === 'suspend' ? suspendAccount(tx, ctx, user.id) : restoreAccount(tx, ctx, user.id));
          await events.emit(tx, ctx, { type: 'reportsChanged' });
        });
        return { suspended: action === 'suspend' };
      },
    );
  }
}
