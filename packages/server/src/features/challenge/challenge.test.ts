import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import { createTestApp, signUpUser, solvedChallenge, type TestApp, type TestUser } from '../../test/harness.js';
import { FREE_LOGIN_FAILURES } from './loginFailures.js';
import { CHALLENGE_TTL_SECONDS } from './service.js';

let t: TestApp;
let alice: TestUser;

const form = (name: string, challenge?: string) => ({
  email: `${name}@example.test`,
  username: name,
  fullname: `Person ${name}`,
  password: 'correct horse',
  repeatPassword: 'correct horse',
  ...(challenge ? { challenge } : {}),
});
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as never });
const codeOf = (response: { json(): { error?: { code: string } } }) => response.json().error?.code;

beforeAll(async () => {
  // the real thing: SIGNUP_CHALLENGE on, at the default difficulty
  t = await createTestApp({ challenge: { enabled: true, difficulty: 4 } });
  alice = await signUpUser(t.app, { username: 'alice' });
});
afterAll(async () => t.close());

describe('proof-of-work challenge', () => {
  it('issues a signed challenge that names its form and expires', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/challenge?purpose=signup' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { challenge } = response.json();
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', keyPrefix: '0000', data: { purpose: 'signup' } });
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now() + (CHALLENGE_TTL_SECONDS - 60) * 1000);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/challenge?purpose=anything' })).statusCode).toBe(400);
  });

  it('sign-up needs a solved challenge, once: a replay is refused', async () => {
    expect(codeOf(await post('/api/auth/signup', form('nochallenge')))).toBe('challenge_required');
    expect(codeOf(await post('/api/auth/signup', form('garbage', 'bm90IGEgcGF5bG9hZA==')))).toBe('challenge_invalid');
    const solved = await solvedChallenge(t.app, 'signup');
    expect((await post('/api/auth/signup', form('solver', solved))).statusCode).toBe(201);
    const replay = await post('/api/auth/signup', form('replayer', solved));
    expect(replay.statusCode).toBe(403);
    expect(codeOf(replay)).toBe('challenge_invalid');
  });

  it('refuses a solution for another form, a tampered challenge, and an expired one', async () => {
    expect(codeOf(await post('/api/auth/signup', form('wrongform', await solvedChallenge(t.app, 'password_reset'))))).toBe('challenge_invalid');

    const solved = JSON.parse(Buffer.from(await solvedChallenge(t.app, 'signup'), 'base64').toString());
    solved.challenge.parameters.keyPrefix = '0';
    expect(codeOf(await post('/api/auth/signup', form('tamper', Buffer.from(JSON.stringify(solved)).toString('base64'))))).toBe('challenge_invalid');

    const late = await solvedChallenge(t.app, 'signup');
    const realNow = t.ctx.clock.now;
    t.ctx.clock.now = () => new Date(Date.now() + (CHALLENGE_TTL_SECONDS + 5) * 1000);
    try {
      expect(codeOf(await post('/api/auth/signup', form('late', late)))).toBe('challenge_invalid');
    } finally {
      t.ctx.clock.now = realNow;
    }
  });

  it('log-in asks for one only after failures to that address, whether or not it has an account', async () => {
    expect((await post('/api/auth/login', { email: alice.email, password: 'correct horse' })).statusCode).toBe(200);
    for (const email of [alice.email, 'nobody@example.test']) {
      for (let i = 0; i < FREE_LOGIN_FAILURES; i++) expect(codeOf(await post('/api/auth/login', { email, password: 'wrong guess' }))).toBe('incorrect_login');
      expect(codeOf(await post('/api/auth/login', { email, password: 'wrong guess' }))).toBe('challenge_required');
    }
    // the right password still needs the challenge now; with it, the owner is in
    expect(codeOf(await post('/api/auth/login', { email: alice.email, password: 'correct horse' }))).toBe('challenge_required');
    const solved = await solvedChallenge(t.app, 'login');
    expect((await post('/api/auth/login', { email: alice.email, password: 'correct horse', challenge: solved })).statusCode).toBe(200);
    // other addresses are not affected
    const bob = await signUpUser(t.app, { username: 'bob' });
    expect((await post('/api/auth/login', { email: bob.email, password: 'correct horse' })).statusCode).toBe(200);
  });

  it('password reset needs one', async () => {
    expect(codeOf(await post('/api/auth/password-reset', { email: alice.email }))).toBe('challenge_required');
    expect((await post('/api/auth/password-reset', { email: alice.email, challenge: await solvedChallenge(t.app, 'password_reset') })).statusCode).toBe(202);
  });

  it('spent challenges are kept in the database, shared by every app instance', async () => {
    const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from spent_challenges`);
    expect(Number(row?.n)).toBeGreaterThan(0);
  });

  it('SIGNUP_CHALLENGE=off: no challenge anywhere, the spec’s flow', async () => {
    const off = await createTestApp();
    try {
      expect(off.ctx.config.challenge.enabled).toBe(false);
      expect((await off.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form('plain') })).statusCode).toBe(201);
      expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().signup.challenge).toBe(false);
    } finally {
      await off.close();
    }
  });
});
