import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, solvedChallenge, type TestApp, type TestUser } from '../../test/harness.js';
import { testConfig } from '../../config.js';
import { FREE_LOGIN_FAILURES } from '../challenge/service.js';

/**
 * Every route that checks a password goes through the log-in's one credential check: the same
 * per-IP and per-account limits, the same challenge after failures, the same answer.
 */
type Attempt = (ip: string, password: string, extra?: object) => Promise<{ statusCode: number; body: string; json(): { error?: { code: string } } }>;

function passwordRoutes(t: TestApp, user: TestUser): Record<string, Attempt> {
  const send = (method: 'POST' | 'DELETE', url: string, payload: object, ip: string, signedIn: boolean) =>
    t.app.inject({ method, url, payload, remoteAddress: ip, headers: signedIn ? { cookie: user.cookie } : {} });
  return {
    login: (ip, password, extra = {}) => send('POST', '/api/auth/login', { email: user.email, password, ...extra }, ip, false),
    appeal: (ip, password, extra = {}) => send('POST', '/api/auth/appeal', { email: user.email, password, text: 'please', ...extra }, ip, false),
    'delete account': (ip, password, extra = {}) => send('DELETE', '/api/me', { password, ...extra }, ip, true),
    'change password': (ip, password, extra = {}) =>
      send('POST', '/api/me/password', { currentPassword: password, newPassword: 'another horse 2', repeatPassword: 'another horse 2', ...extra }, ip, true),
  };
}
const codeOf = (res: { json(): { error?: { code: string } } }) => res.json().error?.code;

describe('the per-IP limit of log-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { ...testConfig().rateLimits, loginPer15Min: 4, loginPerAccountPer15Min: 1000 } });
  });
  afterAll(() => t.close());

  it('counts every route that checks a password, together', async () => {
    const user = await signUpUser(t.app);
    const routes = passwordRoutes(t, user);
    let ip = 10;
    for (const [name, attempt] of Object.entries(routes)) {
      const address = `203.0.113.${ip++}`;
      for (let i = 0; i < 4; i++) expect(codeOf(await attempt(address, 'wrong guess')), name).not.toBe('rate_limited');
      expect(codeOf(await attempt(address, 'wrong guess')), name).toBe('rate_limited');
    }
    // mixed: two log-ins and two appeals spend the same budget
    const mixed = '203.0.113.99';
    await routes.login!(mixed, 'wrong guess');
    await routes.appeal!(mixed, 'wrong guess');
    await routes.login!(mixed, 'wrong guess');
    await routes.appeal!(mixed, 'wrong guess');
    expect(codeOf(await routes.login!(mixed, 'correct horse'))).toBe('rate_limited');
  });
});

describe('the challenge after failed attempts, and the answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ challenge: { enabled: true, difficulty: 1 } });
  });
  afterAll(() => t.close());

  for (const name of ['appeal', 'delete account', 'change password']) {
    it(`asks the ${name} for a solved challenge after failures to that address, as the log-in`, async () => {
      const user = await signUpUser(t.app);
      const routes = passwordRoutes(t, user);
      for (let i = 0; i < FREE_LOGIN_FAILURES; i++) expect(codeOf(await routes[name]!('198.51.100.1', 'wrong guess')), name).not.toBe('challenge_required');
      expect(codeOf(await routes[name]!('198.51.100.1', 'wrong guess')), name).toBe('challenge_required');
      // failures on one route count for the log-in too, and the reverse
      expect(codeOf(await routes.login!('198.51.100.1', 'correct horse')), name).toBe('challenge_required');
      const solved = await solvedChallenge(t.app, 'login');
      expect(codeOf(await routes[name]!('198.51.100.1', 'wrong guess', { challenge: solved })), name).not.toBe('challenge_required');
    });
  }

  it('answers a wrong password to an appeal exactly as the log-in does, whether or not the address has an account', async () => {
    const user = await signUpUser(t.app);
    const routes = passwordRoutes(t, user);
    const [login, appeal] = [await routes.login!('198.51.100.2', 'wrong guess'), await routes.appeal!('198.51.100.3', 'wrong guess')];
    expect(`${appeal.statusCode} ${appeal.body}`).toBe(`${login.statusCode} ${login.body}`);
    const nobody = await t.app.inject({ method: 'POST', url: '/api/auth/appeal', payload: { email: 'nobody@example.test', password: 'x', text: 'hi' } });
    expect(`${nobody.statusCode} ${nobody.body}`).toBe(`${login.statusCode} ${login.body}`);
  });
});
