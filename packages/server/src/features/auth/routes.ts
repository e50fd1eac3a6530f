import type { FastifyReply } from 'fastify';
import {
  appConfigSchema,
  changePasswordSchema,
  loginSchema,
  meResponseSchema,
  passwordResetRequestSchema,
  passwordResetRequestedSchema,
  passwordResetSchema,
  signupSchema,
} from '@askbox/common';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { consumeRateLimit, rateLimitClient } from '../../rateLimit.js';
import { requireViewer } from '../../http/viewer.js';
import { toMe } from '../users/views.js';
import { changePassword, logIn, requestPasswordReset, resetPassword, signUp } from './service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieFor, knownDevice } from './knownDevice.js';
import { SESSION_COOKIE, endSession } from './sessions.js';

export async function authRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  const secure = ctx.config.publicUrl.startsWith('https://');

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  // read only by the log-in route (knownDevice.ts)
  const setDeviceCookie = (reply: FastifyReply, email: string) =>
    reply.setCookie(DEVICE_COOKIE, deviceCookieFor(ctx.email.linkSecret, email), {
      path: '/api/auth/login',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });

  app.post(
    '/api/auth/signup',
    { schema: { tags: ['auth'], summary: 'Create an account and sign in', body: signupSchema, response: { 201: meResponseSchema } } },
    async (request, reply) => {
      await consumeRateLimit(ctx.db, `signup:${rateLimitClient(request.ip)}`, ctx.config.rateLimits.signupPerHour, 3600);
      const { repeatPassword: _repeat, ...input } = request.body;
      const { user, token, expiresAt } = await signUp(ctx, input);
      setSessionCookie(reply, token, expiresAt);
      setDeviceCookie(reply, user.email);
      return reply.status(201).send({ user: toMe(user) });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password', body: loginSchema, response: { 200: meResponseSchema } } },
    async (request, reply) => {
      await consumeRateLimit(ctx.db, `login:${rateLimitClient(request.ip)}`, ctx.config.rateLimits.loginPer15Min, 900);
      const device = knownDevice(ctx.email.linkSecret, request.body.email, request.cookies[DEVICE_COOKIE]);
      const { user, token, expiresAt } = await logIn(ctx, request.body.email, request.body.password, device);
      setSessionCookie(reply, token, expiresAt);
      setDeviceCookie(reply, user.email);
      return { user: toMe(user) };
    },
  );

  app.post('/api/auth/logout', { schema: { tags: ['auth'], summary: 'End this session' } }, async (request, reply) => {
    if (request.sessionId) await endSession(ctx, request.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use link to reset the password (the same answer whether or not the address has an account)',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetRequestedSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, rateLimitClient(request.ip), request.body.email, request.body.locale);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: { tags: ['auth'], summary: 'Set a new password with a reset link; every session of the account ends', body: passwordResetSchema } },
    async (request, reply) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: { tags: ['auth'], summary: 'Change the password (current one required); your other sessions end, this one stays', body: changePasswordSchema },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await changePassword(ctx, viewer.id, request.sessionId!, request.body.currentPassword, request.body.newPassword);
      return reply.status(204).send();
    },
  );

  app.get('/api/me', { schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: meResponseSchema } } }, async (request) => ({
    user: request.viewer ? toMe(request.viewer) : null,
  }));

  app.get('/api/config', { schema: { tags: ['app'], summary: 'Public settings for the web app', response: { 200: appConfigSchema } } }, async () => ({
    publicUrl: ctx.config.publicUrl,
    supportEmail: ctx.config.supportEmail,
    microblogUrl: ctx.config.microblogUrl,
    photoSharingUrl: ctx.config.photoSharingUrl,
    vapidPublicKey: ctx.push?.vapid.publicKey ?? null,
    federation: ctx.federation !== null,
  }));
}
