import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, isReservedUsername, USERNAME_PATTERN } from '@askbox/common';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { redactedErrorSerializer, scrubSecrets } from './logRedaction.js';
import { routeWords } from './routeTable.js';

/** The HTTP layer's refusals, whatever the path looks like, and what never reaches the logs. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signupBody = (over: Record<string, unknown> = {}) => ({
  email: `h${Math.random().toString(36).slice(2, 8)}@example.test`,
  username: `h${Math.random().toString(36).slice(2, 8)}`,
  fullname: 'Hal Doe',
  password: 'long enough',
  repeatPassword: 'long enough',
  ...over,
});
const signup = (over: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(over) });

describe('foreign Origin, whatever the path looks like', () => {
  it.each(['/api/auth/logout', '/%61pi/auth/logout', '/%61%70%69/auth/logout', '/api/%61uth/logout'])(
    'refuses a cross-site POST to %s and keeps the session',
    async (url) => {
      const user = await signUpUser(t.app);
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await apiAs(t.app, user).get('/api/me')).json().user.id).toBe(user.id);
      const fetchSite = await t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' } });
      expect(fetchSite.statusCode).toBe(403);
    },
  );

  it('resolves the session on the route the router matched: an encoded API path is the same API', async () => {
    const user = await signUpUser(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/%61pi/me', headers: { cookie: user.cookie } });
    expect(me.json().user.id).toBe(user.id);
    const logout = await t.app.inject({ method: 'POST', url: '/%61pi/auth/logout', headers: { cookie: user.cookie } });
    expect(logout.statusCode).toBe(204);
    expect((await apiAs(t.app, user).get('/api/me')).json().user).toBeNull(); // the session really ended
  });
});

describe('headers', () => {
  it('sends the strict CSP and the hardening headers on pages and API answers', async () => {
    for (const url of ['/api/me', '/api/nope', '/home']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('gives /api/docs a CSP of its own: scripts from this server only, no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const scripts = /script-src ([^;]*);/.exec(csp)![1]!;
    expect(
      scripts
        .split(' ')
        .filter(Boolean)
        .every((source) => source === "'self'" || source.startsWith("'sha256-")),
    ).toBe(true);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('https:');
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, and Secure when the public address is https', async () => {
    const response = await signup();
    const cookie = response.cookies.find((c) => c.name === 'askbox_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const https = await createTestApp({ publicUrl: 'https://askbox.example.org' });
    try {
      const secure = await https.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody() });
      expect(secure.cookies.find((c) => c.name === 'askbox_session')!.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('reserved usernames', () => {
  it('covers every fixed word of the server route table that could be a username (a new route without its word fails here)', () => {
    const missing = [...routeWords(t.app.routeTable)].filter((word) => USERNAME_PATTERN.test(word) && !isReservedUsername(word));
    expect(missing).toEqual([]);
  });

  it.each(['search', 'recommended', 'settings', 'login', 'admin', 'Home'])('refuses %s as a username, as taken', async (username) => {
    const response = await signup({ username });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(username === 'Home' ? en.errors.username_characters : en.errors.username_taken);
  });
});

describe('passwords', () => {
  it('refuses eight spaces, too-short passwords in code points, and the most common passwords', async () => {
    const refused = async (password: string, message: string) => {
      const response = await signup({ password, repeatPassword: password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.message).toBe(message);
    };
    await refused('        ', en.errors.password_blank);
    await refused('😀😀😀😀😀😀😀', 'Password must be at least 8 characters'); // 14 UTF-16 units, 7 characters
    await refused('password', en.errors.password_too_common);
    await refused('12345678', en.errors.password_too_common);
    await refused('Iloveyou1', en.errors.password_too_common);
    expect((await signup({ password: 'violet tractor 42', repeatPassword: 'violet tractor 42' })).statusCode).toBe(201);
  });

  it('applies the same rule when the password is changed', async () => {
    const user = await signUpUser(t.app);
    const response = await apiAs(t.app, user).post('/api/me/password', {
      currentPassword: 'correct horse',
      newPassword: 'qwertyuiop',
      repeatPassword: 'qwertyuiop',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(en.errors.password_too_common);
  });
});

describe('logs', () => {
  it('never carry password hashes, emails, cookies or query parameters, even from a failed query', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // the serializer and the redaction the app's logger uses, on what a failed insert throws
    const failure = Object.assign(
      new Error('Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: alice@example.test,scrypt$32768$8$1$c2FsdA$a2V5a2V5a2V5'),
      { cause: { detail: 'Key (email)=(alice@example.test) already exists.' } },
    );
    const serialized = JSON.stringify(redactedErrorSerializer(failure));
    expect(serialized).not.toContain('alice@example.test');
    expect(serialized).not.toContain('scrypt$');
    expect(serialized).toContain('insert into users');
    expect(scrubSecrets('token abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012345 for bob@example.org')).toBe('token [token] for [email]');
    // and a request's cookie header, through the app's own logger
    const logged = await createLoggingApp(sink);
    try {
      const user = await signUpUser(logged);
      await logged.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
      // a visitor's address never sits beside the page they asked for (whose profile, and when)
      await logged.inject({
        method: 'GET',
        url: `/api/visitors/${user.username}`,
        remoteAddress: '198.51.100.77',
        headers: { 'x-forwarded-for': '203.0.113.88' },
      });
      const text = lines.join('');
      expect(text).toContain(`/api/visitors/${user.username}`);
      expect(text).not.toContain('198.51.100.77');
      expect(text).not.toContain('203.0.113.88');
      expect(text).toContain('/api/me');
      expect(text).not.toContain(user.cookie.split('=')[1]!);
      expect(text).not.toContain(user.email);
    } finally {
      await logged.close();
    }
  });
});

/** An app whose pino logger writes to `sink` (at info, with request logs) on this file's database. */
async function createLoggingApp(sink: Writable) {
  const config = testConfig({ webDistDir: '/nonexistent', logLevel: 'info' });
  return buildApp(config, t.database, { logStream: sink });
}
