import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en } from '@askbox/common';
import { follows, sessions, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { sessionViewer } from './sessions.js';
import type { FastifyRequest } from 'fastify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ defaultFollows: ['crew', 'news', 'absent_account'] });
});
afterAll(() => t.close());

const signupBody = (over: Record<string, unknown> = {}) => ({
  email: `p${Math.random().toString(36).slice(2, 8)}@example.test`,
  username: `u${Math.random().toString(36).slice(2, 8)}`,
  fullname: 'Pat Doe',
  password: 'long enough',
  repeatPassword: 'long enough',
  ...over,
});
const signup = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as never });

describe('sign up', () => {
  it('creates the account, signs in with an HttpOnly Lax cookie and returns the own profile', async () => {
    const res = await signup(signupBody({ username: 'pat', email: 'Pat@Example.test' }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ username: 'pat', email: 'pat@example.test', fullname: 'Pat Doe', badge: '', isAdmin: false });
    expect(user.photoURL).toBe('/images/default-avatar.svg');
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'askbox_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `askbox_session=${cookie.value}` } });
    expect(me.json().user.username).toBe('pat');
  });

  it('stores the password hashed with scrypt and the session token hashed', async () => {
    const res = await signup(signupBody({ username: 'hashcheck' }));
    const [row] = await t.ctx.db.select().from(users).where(eq(users.username, 'hashcheck'));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('long enough');
    const token = res.cookies.find((c) => c.name === 'askbox_session')!.value;
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);
  });

  it.each([
    [{ username: 'Bad-Name' }, 'username_characters', en.errors.username_characters],
    [{ username: 'white space' }, 'username_characters', en.errors.username_characters],
    [{ repeatPassword: 'different!' }, 'passwords_mismatch', en.errors.passwords_mismatch],
    [{ password: 'short', repeatPassword: 'short' }, 'password_too_short', 'Password must be at least 8 characters', { min: 8 }],
    [{ email: 'not-an-email' }, 'email_invalid', en.errors.email_invalid],
    [{ email: '' }, 'email_required', en.errors.email_required],
    [{ fullname: '   ' }, 'fullname_required', en.errors.fullname_required],
    [{ username: '' }, 'username_required', en.errors.username_required],
  ])('refuses %j with its code and message', async (over, code, message, params?: object) => {
    const res = await signup(signupBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code, message, ...(params ? { params } : {}) } });
  });

  it('refuses a missing field with a 400, never a 500', async () => {
    const res = await signup({ email: 'x@example.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/required/);
  });

  it('refuses a taken username and a taken email', async () => {
    await signup(signupBody({ username: 'taken', email: 'taken@example.test' }));
    const sameName = await signup(signupBody({ username: 'taken' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.message).toBe(en.errors.username_taken);
    const sameEmail = await signup(signupBody({ email: 'TAKEN@example.test' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.message).toBe(en.errors.email_taken);
  });

  it('lets only one of two racing sign-ups for the same username through', async () => {
    const results = await Promise.all([signup(signupBody({ username: 'racer' })), signup(signupBody({ username: 'racer' }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(en.errors.username_taken);
  });

  it('follows the DEFAULT_FOLLOWS accounts that exist and skips absent ones', async () => {
    const team = await signUpUser(t.app, { username: 'crew' });
    const news = await signUpUser(t.app, { username: 'news' });
    const newcomer = await signUpUser(t.app);
    const rows = await t.ctx.db.select().from(follows).where(eq(follows.followerId, newcomer.id));
    expect(rows.map((r) => r.followeeId).sort()).toEqual([team.id, news.id].sort());
  });
});

describe('log in and out', () => {
  it('logs in with the right password, case-insensitive email', async () => {
    const user = await signUpUser(t.app, { password: 'my own password' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email.toUpperCase(), password: 'my own password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('answers any failure with the same message', async () => {
    const user = await signUpUser(t.app, { password: 'my own password' });
    for (const payload of [
      { email: user.email, password: 'wrong password' },
      { email: 'nobody@example.test', password: 'my own password' },
      { email: '', password: '' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(en.errors.incorrect_login);
    }
  });

  it('ends the session on the server at logout', async () => {
    const user = await signUpUser(t.app);
    const api = apiAs(t.app, user);
    expect((await api.get('/api/me')).json().user.id).toBe(user.id);
    expect((await api.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await api.get('/api/me')).json().user).toBeNull();
  });

  it('refuses a state-changing request from another origin', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await apiAs(t.app, user).get('/api/me')).json().user.id).toBe(user.id);
  });
});

describe('the viewer of a request', () => {
  it('is the signed-in user without the password hash (only confirming a password reads it, from the table)', async () => {
    const res = await signup(signupBody({ username: 'viewercheck' }));
    const token = res.cookies.find((c) => c.name === 'askbox_session')!.value;
    const viewer = await sessionViewer(t.ctx.db)({ cookies: { askbox_session: token } } as unknown as FastifyRequest);
    expect(viewer?.user).toMatchObject({ username: 'viewercheck', fullname: 'Pat Doe' });
    expect(viewer?.user).not.toHaveProperty('passwordHash');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: `askbox_session=${token}` },
      payload: { currentPassword: 'long enough', newPassword: 'longer than before', repeatPassword: 'longer than before' },
    });
    expect(change.statusCode).toBe(204);
  });
});

describe('rate limits', () => {
  it('limits sign-ups per IP with a clear message', async () => {
    const limited = await createTestApp({
      rateLimits: { loginPerAccountPer15Min: 1000, signupPerHour: 2, loginPer15Min: 2, questionsPer10Min: 5, uploadsPerHour: 5 },
    });
    try {
      const go = () => limited.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody() });
      expect((await go()).statusCode).toBe(201);
      expect((await go()).statusCode).toBe(201);
      const third = await go();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe(en.errors.rate_limited);
      // when the hour's window ends, for the web app to say when to try again
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(3600);
      const login = () => limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c', password: 'x' } });
      await login();
      await login();
      const refused = await login();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(900); // the sign-up window is an hour
    } finally {
      await limited.close();
    }
  });

  it('limits log-ins per account too, whichever IPs they come from', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.ctx.config.rateLimits, loginPerAccountPer15Min: 3 } });
    try {
      const victim = await signUpUser(limited.app);
      const guess = (ip: string, password = 'wrong guess') =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: victim.email, password } });
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await guess(ip)).statusCode).toBe(401);
      const fourth = await guess('198.51.100.4', 'correct horse');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers['retry-after']).toBeDefined();
      // another account is not affected
      const other = await signUpUser(limited.app);
      expect(
        (await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: 'correct horse' } })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('cannot be used to lock the owner out: a browser that signed in to the account before has a limit of its own', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.ctx.config.rateLimits, loginPerAccountPer15Min: 3 } });
    try {
      const owner = await signUpUser(limited.app);
      const login = (ip: string, password: string, device?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: owner.email, password },
          ...(device ? { cookies: { askbox_device: device } } : {}),
        });
      // the owner's browser signs in once and is given its cookie (only for the sign-in routes)
      const first = await login('203.0.113.7', 'correct horse');
      expect(first.statusCode).toBe(200);
      const cookie = first.cookies.find((c) => c.name === 'askbox_device')!;
      expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });

      // someone else fails on purpose until the account's limit is spent
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await login(ip, 'wrong guess');
      expect((await login('198.51.100.4', 'correct horse')).statusCode).toBe(429);
      // the owner's browser still gets in; a cookie of another account, or a forged one, does not help
      expect((await login('203.0.113.7', 'correct horse', cookie.value)).statusCode).toBe(200);
      const other = await signUpUser(limited.app);
      const othersCookie = (
        await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: 'correct horse' } })
      ).cookies.find((c) => c.name === 'askbox_device')!.value;
      expect((await login('198.51.100.5', 'correct horse', othersCookie)).statusCode).toBe(429);
      expect((await login('198.51.100.6', 'correct horse', `${cookie.value.split('.')[0]}.forged`)).statusCode).toBe(429);
      // the known browser's own attempts are limited too
      for (let i = 0; i < 3; i++) await login('203.0.113.7', 'wrong guess', cookie.value);
      expect((await login('203.0.113.7', 'correct horse', cookie.value)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('proxy trust', () => {
  it('takes the client IP from as many X-Forwarded-For hops as there are proxies, not from what the client wrote', async () => {
    const app = await createTestApp({ trustProxy: 1, rateLimits: { ...t.ctx.config.rateLimits, signupPerHour: 1 } });
    try {
      // the client forges a first hop; the one proxy appends the real client address
      const signup = (forged: string, real: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, ${real}` },
          payload: signupBody(),
        });
      expect((await signup('1.1.1.1', '203.0.113.9')).statusCode).toBe(201);
      expect((await signup('2.2.2.2', '203.0.113.9')).statusCode).toBe(429);
      expect((await signup('2.2.2.2', '203.0.113.10')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('the app', () => {
  it('answers /healthz (alive) and /readyz (the database answers)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/signup');
  });

  it('answers unknown API routes and malformed JSON with JSON 4xx errors', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'route_not_found', message: 'No route GET /api/nope', params: { method: 'GET', url: '/api/nope' } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeDefined();
  });
});
