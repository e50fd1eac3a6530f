import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, loginSchema, meResponseSchema, signupSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../app.js';
import { consumeRateLimit } from '../../http/rateLimit.js';
import { publishLive } from '../../realtime/bus.js';
import { toMe } from '../users/views.js';
import { logIn, signUp } from './service.js';
import { SESSION_COOKIE, deleteSession } from './sessions.js';

export async function authRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith('https://');

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });

  api.post(
    '/api/auth/signup',
    { schema: { tags: ['auth'], summary: 'Create an account and sign in', body: signupSchema, response: { 201: meResponseSchema } } },
    async (request, reply) => {
      await consumeRateLimit(ctx.db, `signup:${request.ip}`, ctx.config.rateLimits.signupPerHour, 3600);
      const { repeatPassword: _repeat, ...input } = request.body;
      const { user, token, expiresAt } = await signUp(ctx, input);
      setSessionCookie(reply, token, expiresAt);
      return reply.status(201).send({ user: toMe(user) });
    },
  );

  api.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password', body: loginSchema, response: { 200: meResponseSchema } } },
    async (request, reply) => {
      await consumeRateLimit(ctx.db, `login:${request.ip}`, ctx.config.rateLimits.loginPer15Min, 900);
      const { user, token, expiresAt } = await logIn(ctx, request.body.email, request.body.password);
      setSessionCookie(reply, token, expiresAt);
      return { user: toMe(user) };
    },
  );

  api.post('/api/auth/logout', { schema: { tags: ['auth'], summary: 'End this session' } }, async (request, reply) => {
    if (request.sessionId) {
      await deleteSession(ctx.db, request.sessionId);
      // ends this session's live streams on every instance
      await publishLive(ctx.db, { to: { sessionId: request.sessionId }, type: 'logout' });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  api.get(
    '/api/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: meResponseSchema } } },
    async (request) => ({ user: request.viewer ? toMe(request.viewer) : null }),
  );

  api.get(
    '/api/config',
    { schema: { tags: ['app'], summary: 'Public settings for the web app', response: { 200: appConfigSchema } } },
    async () => ({
      publicUrl: ctx.config.publicUrl,
      supportEmail: ctx.config.supportEmail,
      microblogUrl: ctx.config.microblogUrl,
      photoSharingUrl: ctx.config.photoSharingUrl,
      vapidPublicKey: ctx.push?.vapid.publicKey ?? null,
    }),
  );
}
