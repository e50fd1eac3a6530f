import {
  createInviteSchema,
  instanceSettingsSchema,
  inviteParamsSchema,
  inviteSchema,
  invitesSchema,
  pendingSignupParamsSchema,
  pendingSignupsSchema,
  verificationAddressSchema,
  verifyEmailSchema,
} from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireAdmin, requireModerator, requireViewer } from '../../http/viewer.js';
import { approveSignup, pendingSignups, rejectSignup } from './approvals.js';
import { createInvite, listInvites, revokeInvite } from './invites.js';
import { instanceSettings, saveInstanceSettings } from './settings.js';
import { changeUnconfirmedAddress, confirmAddress, requireConfirmedAddress, resendConfirmation } from './verification.js';
import { requireFreshSecondFactor } from '../twoFactor/service.js';

/**
 * Who may approve or reject sign-ups (admins and moderators); the Instance settings are for admins
 * only. Said here once, so giving this work to another role is a change of this line (decision 280).
 */
const requireSignupApprover = requireModerator;

export async function instanceAccessRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  // the role check runs before the body is validated: someone else learns nothing about the input rules
  const approverFirst = { preValidation: async (request: Parameters<typeof requireSignupApprover>[0]) => void requireSignupApprover(request) };
  const adminFirst = { preValidation: async (request: Parameters<typeof requireAdmin>[0]) => void requireAdmin(request) };

  app.get(
    '/api/admin/instance',
    {
      schema: {
        tags: ['admin'],
        summary: 'The Instance settings: the sign-up mode and the blocked email domains (admins only)',
        response: { 200: instanceSettingsSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return instanceSettings(ctx);
    },
  );

  app.put(
    '/api/admin/instance',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the sign-up mode and the blocked email domains; the stored choice wins over REGISTRATIONS (admins only)',
        body: instanceSettingsSchema,
        response: { 200: instanceSettingsSchema },
      },
      ...adminFirst,
    },
    async (request) => {
      requireAdmin(request);
      return saveInstanceSettings(ctx, request.body);
    },
  );

  app.get(
    '/api/admin/signups',
    { schema: { tags: ['admin'], summary: 'Sign-ups waiting for approval, oldest first (admins only)', response: { 200: pendingSignupsSchema } } },
    async (request) => {
      requireSignupApprover(request);
      return { signups: await pendingSignups(ctx) };
    },
  );

  app.post(
    '/api/admin/signups/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a sign-up: the account is made and the person told by email (admins only)',
        params: pendingSignupParamsSchema,
      },
      ...approverFirst,
    },
    async (request, reply) => {
      requireSignupApprover(request);
      await approveSignup(ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/signups/:id/reject',
    {
      schema: { tags: ['admin'], summary: 'Reject a sign-up: it is deleted and the person told by email (admins only)', params: pendingSignupParamsSchema },
      ...approverFirst,
    },
    async (request, reply) => {
      requireSignupApprover(request);
      await rejectSignup(ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me/invites',
    { schema: { tags: ['invites'], summary: 'Your invite links, newest first', response: { 200: invitesSchema } } },
    async (request) => ({
      invites: await listInvites(ctx, requireViewer(request).id),
    }),
  );

  app.post(
    '/api/me/invites',
    { schema: { tags: ['invites'], summary: 'Create an invite link (uses and expiry optional)', body: createInviteSchema, response: { 201: inviteSchema } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      // an invite lets people in on the maker's word: an address not yet confirmed gives none
      requireConfirmedAddress(ctx, viewer);
      return reply.status(201).send(await createInvite(ctx, viewer.id, request.body));
    },
  );

  app.delete(
    '/api/me/invites/:code',
    { schema: { tags: ['invites'], summary: 'Revoke one of your invite links', params: inviteParamsSchema } },
    async (request, reply) => {
      await revokeInvite(ctx, requireViewer(request).id, request.params.code);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/verify-email',
    { schema: { tags: ['auth'], summary: 'Confirm an email address with the link sent to it', body: verifyEmailSchema } },
    async (request, reply) => {
      await confirmAddress(ctx, ctx.email.linkSecret, request.body.token);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/me/email-verification',
    { schema: { tags: ['auth'], summary: 'Send the confirmation link again (EMAIL_VERIFICATION=on)' } },
    async (request, reply) => {
      await resendConfirmation(ctx, requireViewer(request));
      return reply.status(202).send();
    },
  );

  app.put(
    '/api/me/email-verification/address',
    { schema: { tags: ['auth'], summary: 'Correct an address not confirmed yet; a link goes to the new one', body: verificationAddressSchema } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      await changeUnconfirmedAddress(ctx, viewer, request.body.email);
      return reply.status(202).send();
    },
  );
}
