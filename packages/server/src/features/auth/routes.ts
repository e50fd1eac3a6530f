import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import { z } from 'zod';
import {
  appConfigSchema,
  changePasswordSchema,
  loginResultSchema,
  loginSchema,
  meResponseSchema,
  otherSessionsEndedSchema,
  passwordResetRequestSchema,
  passwordResetRequestedSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginSchema,
  passwordResetSchema,
  secondFactorLoginSchema,
  signupPendingSchema,
  signedInSessionListSchema,
  signedInSessionParamsSchema,
  signupSchema,
  webauthnOptionsSchema,
} from '@askbox/common';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { ServerContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { consumeRateLimit, rateLimitClient } from '../../rateLimit.js';
import { requireViewer } from '../../http/viewer.js';
import { toMe } from '../users/views.js';
import { changePassword, deviceSummary, logIn, requestPasswordReset, resetPassword } from './service.js';
import { challengeSecret, spendChallenge } from '../challenge/service.js';
import { completeTwoFactorLogIn, requireFreshSecondFactor } from '../twoFactor/service.js';
import { logInWithPasskey, passkeyLoginOptions } from '../passkeys/service.js';
import { publicSignUp, registrationMode } from '../instanceAccess/service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieFor, knownDevice } from './knownDevice.js';
import { SESSION_COOKIE, endOtherSessions, endSession, endSessionNamed, listSessions } from './sessions.js';

export async function authRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  const secure = ctx.config.publicUrl.startsWith('https://');
  const challenges = challengeSecret(ctx.email.linkSecret);
  /** SIGNUP_CHALLENGE=on: the form's solved proof-of-work challenge, spent once (features/challenge) */
  const proveWork = (purpose: 'signup' | 'password_reset', field: string | undefined) => async () => {
    if (ctx.config.challenge.enabled) await spendChallenge(ctx, challenges, purpose, field);
  };

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  // read only by the sign-in routes (knownDevice.ts): the password's, the code step's and the passkey's
  const setDeviceCookie = (reply: FastifyReply, email: string) =>
    reply.setCookie(DEVICE_COOKIE, deviceCookieFor(ctx.email.linkSecret, email), {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  /** A session begun: its cookie, the device's, and the signed-in user (every way of signing in ends here). */
  const signedIn = (reply: FastifyReply, { user, token, expiresAt }: { user: UserRow; token: string; expiresAt: Date }) => {
    setSessionCookie(reply, token, expiresAt);
    setDeviceCookie(reply, user.email);
    return { user: toMe(user) };
  };
  /** What the steps after the password read of their request: who asks, for the rate limits, and the device's cookie. */
  const whoSignsIn = (request: FastifyRequest) => ({ client: rateLimitClient(request.ip), deviceCookie: request.cookies[DEVICE_COOKIE] });

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: "Create an account and sign in, under the operator's sign-up rules; in approval mode the sign-up waits for an admin (202)",
        body: signupSchema,
        response: { 201: meResponseSchema, 202: signupPendingSchema },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(ctx.db, `signup:${rateLimitClient(request.ip)}`, ctx.config.rateLimits.signupPerHour, 3600);
      const { repeatPassword: _repeat, ...input } = request.body;
      const outcome = await publicSignUp(ctx, input, proveWork('signup', input.challenge), deviceSummary(request.headers['user-agent']));
      if (outcome.kind === 'pending') return reply.status(202).send({ pending: true });
      return reply.status(201).send(signedIn(reply, outcome.result));
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; an account with two-factor sign-in answers with a token for the code step instead of a session',
        body: loginSchema,
        response: { 200: loginResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await logIn(
        ctx,
        {
          client: rateLimitClient(request.ip),
          email: request.body.email,
          password: request.body.password,
          // after a few failures to this address, a solved challenge too (decision 282)
          challenge: request.body.challenge,
          device: knownDevice(ctx.email.linkSecret, request.body.email, request.cookies[DEVICE_COOKIE]),
        },
        deviceSummary(request.headers['user-agent']),
      );
      if (outcome.kind === 'second_factor') return { secondFactor: { token: outcome.token } };
      return signedIn(reply, outcome);
    },
  );

  app.post(
    '/api/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: "The log-in's code step: the password step's token and a code from the authenticator app, or a recovery code (spent)",
        body: secondFactorLoginSchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, code, challenge } = request.body;
      return signedIn(
        reply,
        await completeTwoFactorLogIn(ctx, { ...whoSignsIn(request), token, code, challenge }, deviceSummary(request.headers['user-agent'])),
      );
    },
  );

  app.post(
    '/api/auth/passkey/options',
    {
      schema: {
        tags: ['auth'],
        summary: "Signing in with a passkey: the WebAuthn request options (with the password step's token, that account's passkeys only)",
        body: passkeyLoginOptionsSchema,
        response: { 200: webauthnOptionsSchema },
      },
    },
    async (request) => ({ options: (await passkeyLoginOptions(ctx, request.body.token)) as unknown as Record<string, unknown> }),
  );

  app.post(
    '/api/auth/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign in with a passkey: password-less, or with the password step's token as the second factor",
        body: passkeyLoginSchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, challenge } = request.body;
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      return signedIn(reply, await logInWithPasskey(ctx, { ...whoSignsIn(request), response, token, challenge }, deviceSummary(request.headers['user-agent'])));
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
      await proveWork('password_reset', request.body.challenge)();
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
      schema: {
        tags: ['auth'],
        summary: 'Change the password (current one required, and a fresh second factor when two-factor sign-in is on); your other sessions end, this one stays',
        body: changePasswordSchema,
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await requireFreshSecondFactor(ctx, viewer.id, request.sessionId!);
      const proof = { client: rateLimitClient(request.ip), password: request.body.currentPassword, challenge: request.body.challenge };
      await changePassword(ctx, viewer.id, request.sessionId!, proof, request.body.newPassword);
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
    maxTextLength: ctx.config.maxTextLength,
    federation: ctx.federation !== null,
    signup: {
      registrations: await registrationMode(ctx),
      minAge: ctx.config.minSignupAge,
      challenge: ctx.config.challenge.enabled,
      emailVerification: ctx.config.emailVerification,
    },
    visitorQuestions: ctx.config.visitorQuestions,
    usernameChanges: ctx.config.usernameChanges,
    firstLook: ctx.config.firstLook,
  }));
}

/** Settings › Your sessions: the devices signed in to the account, and signing any of them out. */
export async function sessionRoutes(app: AppInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/api/me/sessions',
    {
      schema: { tags: ['auth'], summary: 'Your signed-in devices: browser, system, last use; this device first', response: { 200: signedInSessionListSchema } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      reply.header('cache-control', 'no-store');
      return { items: await listSessions(ctx.db, viewer.id, request.sessionId!) };
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of your devices: its cookie, live streams and push subscription end at once',
        params: signedInSessionParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const ended = await endSessionNamed(ctx, viewer.id, request.params.id);
      if (ended === request.sessionId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/sign-out-others',
    { schema: { tags: ['auth'], summary: 'Sign out every device but this one', response: { 200: otherSessionsEndedSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const ended = await ctx.db.transaction((tx) => endOtherSessions(tx, ctx, viewer.id, request.sessionId!));
      return { ended };
    },
  );
}
