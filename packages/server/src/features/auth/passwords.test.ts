import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { en } from '@askbox/common';
import { movableClock } from '../../clock.js';
import { emailOutbox, passwordResetTokens } from '../../db/schema/index.js';
import { createMailer } from '../../email/mailer.js';
import { runEmailBatch } from '../../email/worker.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { linkIn, startMailCapture, type MailCapture } from '../../test/mailCapture.js';

const clock = movableClock(new Date('2026-03-02T10:00:00Z'));
let mail: MailCapture;
let t: TestApp;
const PUBLIC_URL = 'https://askbox.example';

beforeAll(async () => {
  mail = await startMailCapture();
  const base = await import('../../config.js').then((m) => m.testConfig());
  t = await createTestApp({ publicUrl: PUBLIC_URL, email: { ...base.email, smtpUrl: mail.url, from: 'Askbox <no-reply@askbox.example>' } }, { clock });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(async () => {
  mail.messages.length = 0;
  await t.ctx.db.delete(emailOutbox);
});

const login = (user: { email: string }, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
const cookieOf = (response: Awaited<ReturnType<typeof login>>) => `askbox_session=${response.cookies.find((c) => c.name === 'askbox_session')!.value}`;
const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
const requestReset = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email, ...extra } });
const confirmReset = (token: string, password: string, repeatPassword = password) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password, repeatPassword } });

/** Asks for a reset link for `user` and returns the token from the email the SMTP server got. */
async function resetTokenFor(user: TestUser): Promise<string> {
  expect((await requestReset(user.email)).statusCode).toBe(202);
  await t.ctx.email.runBatch();
  const email = mail.messages.findLast((m) => m.envelopeTo.includes(user.email));
  if (!email) throw new Error('no reset email arrived');
  return linkIn(email.text, `${PUBLIC_URL}/reset-password#token=`).split('#token=')[1]!;
}

describe('change password', () => {
  it('needs the current password and keeps the rules of sign-up', async () => {
    const user = await signUpUser(t.app, { password: 'first password' });
    const as = apiAs(t.app, user);
    const wrong = await as.post('/api/me/password', { currentPassword: 'not it at all', newPassword: 'second password', repeatPassword: 'second password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'wrong_password', message: en.errors.wrong_password });
    const short = await as.post('/api/me/password', { currentPassword: 'first password', newPassword: 'short', repeatPassword: 'short' });
    expect(short.json().error.message).toBe('Password must be at least 8 characters');
    const mismatch = await as.post('/api/me/password', { currentPassword: 'first password', newPassword: 'second password', repeatPassword: 'other one!' });
    expect(mismatch.json().error.message).toBe(en.errors.passwords_mismatch);
    expect((await login(user, 'first password')).statusCode).toBe(200);
    expect(
      (await apiAs(t.app, null).post('/api/me/password', { currentPassword: 'x', newPassword: 'second password', repeatPassword: 'second password' }))
        .statusCode,
    ).toBe(401);
  });

  it('ends every other session and keeps this one', async () => {
    const user = await signUpUser(t.app, { password: 'first password' });
    const phone = cookieOf(await login(user, 'first password'));
    const laptop = cookieOf(await login(user, 'first password'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: laptop },
      payload: { currentPassword: 'first password', newPassword: 'second password', repeatPassword: 'second password' },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(laptop)).id).toBe(user.id);
    expect(await me(phone)).toBeNull();
    expect(await me(user.cookie)).toBeNull();
    expect((await login(user, 'first password')).statusCode).toBe(401);
    expect((await login(user, 'second password')).statusCode).toBe(200);
  });

  it('stops guessing of the current password with a signed-in session', async () => {
    const limited = await createTestApp({
      rateLimits: { loginPerAccountPer15Min: 1000, signupPerHour: 100, loginPer15Min: 2, questionsPer10Min: 100, uploadsPerHour: 100 },
    });
    try {
      const user = await signUpUser(limited.app, { password: 'first password' });
      const guess = () =>
        apiAs(limited.app, user).post('/api/me/password', { currentPassword: 'a guess', newPassword: 'second password', repeatPassword: 'second password' });
      expect((await guess()).statusCode).toBe(400);
      expect((await guess()).statusCode).toBe(400);
      expect((await guess()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('forgot password', () => {
  it('answers the same whether or not the address has an account, and does the lookup later, in the worker', async () => {
    const user = await signUpUser(t.app);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: true });
    // the request wrote the same kind of row for both, linked to no account, and made no token yet
    const rows = await t.ctx.db.select().from(emailOutbox);
    expect(rows.map((r) => ({ userId: r.userId, kind: r.kind }))).toEqual([
      { userId: null, kind: 'password_reset' },
      { userId: null, kind: 'password_reset' },
    ]);
    expect(await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);

    expect(await t.ctx.email.runBatch()).toBe(2);
    expect(mail.messages.map((m) => m.envelopeTo)).toEqual([[user.email]]);
    const [email] = mail.messages;
    expect(email!.subject).toBe('Reset your Askbox password');
    expect(email!.from).toBe('"Askbox" <no-reply@askbox.example>');
    expect(email!.text).toContain(`@${user.username}`);
    expect(email!.headers['list-unsubscribe']).toBeUndefined();
    // handled rows keep no address
    expect((await t.ctx.db.select().from(emailOutbox)).map((r) => [r.sent, r.data])).toEqual([
      [true, {}],
      [true, {}],
    ]);
  });

  it('stores only the hash of the token, and the link sets a new password once, ending every session', async () => {
    const user = await signUpUser(t.app, { password: 'old password' });
    const token = await resetTokenFor(user);
    const [stored] = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.id).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(3_600_000);

    expect((await confirmReset(token, 'short')).json().error.message).toBe('Password must be at least 8 characters');
    expect((await confirmReset(token, 'a new pass phrase', 'other password')).json().error.message).toBe(en.errors.passwords_mismatch);
    expect((await confirmReset(token, 'a new pass phrase')).statusCode).toBe(204);
    expect(await me(user.cookie)).toBeNull();
    expect((await login(user, 'old password')).statusCode).toBe(401);
    expect((await login(user, 'a new pass phrase')).statusCode).toBe(200);

    const again = await confirmReset(token, 'third password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'reset_link_invalid', message: en.errors.reset_link_invalid });
    expect((await login(user, 'a new pass phrase')).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
  });

  it('lets one of two racing uses of a link through', async () => {
    const user = await signUpUser(t.app);
    const token = await resetTokenFor(user);
    const results = await Promise.all([confirmReset(token, 'racer one pw'), confirmReset(token, 'racer two pw')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
  });

  it('keeps a link valid for one hour, by the clock', async () => {
    const user = await signUpUser(t.app);
    const early = await resetTokenFor(user);
    const late = await resetTokenFor(user);
    clock.advance(59 * 60_000);
    expect((await confirmReset(early, 'in time password')).statusCode).toBe(204);
    clock.advance(2 * 60_000);
    const expired = await confirmReset(late, 'too late password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('reset_link_invalid');
    expect((await login(user, 'in time password')).statusCode).toBe(200);
  });

  it('refuses made-up tokens before it looks at the new password (hashing one costs real CPU)', async () => {
    const res = await confirmReset(crypto.randomBytes(32).toString('base64url'), 'whatever password');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('reset_link_invalid');
    // a too-common password would be refused by the hashing step: the link is checked first
    const common = await confirmReset(crypto.randomBytes(32).toString('base64url'), 'password123');
    expect(common.json().error.code).toBe('reset_link_invalid');
  });

  it('writes the email in the account language, else in the language of the page that asked', async () => {
    const french = await signUpUser(t.app);
    await apiAs(t.app, french).patch('/api/me/settings', { locale: 'fr' });
    const browserOnly = await signUpUser(t.app);
    await requestReset(french.email, { locale: 'en' });
    await requestReset(browserOnly.email, { locale: 'fr' });
    await t.ctx.email.runBatch();
    const subjectOf = (user: TestUser) => mail.messages.find((m) => m.envelopeTo.includes(user.email))!.subject;
    expect(subjectOf(french)).toBe('Réinitialisez votre mot de passe Askbox');
    expect(subjectOf(browserOnly)).toBe('Réinitialisez votre mot de passe Askbox');
  });

  it('limits requests per IP and per address, the same for unknown addresses', async () => {
    const limited = await createTestApp({ passwordResetsPerHour: 2 });
    try {
      const ask = (email: string, ip = '10.0.0.1') =>
        limited.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
      expect((await ask('a@example.test')).statusCode).toBe(202);
      expect((await ask('b@example.test')).statusCode).toBe(202);
      const third = await ask('c@example.test');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe(en.errors.rate_limited);
      // the same address from elsewhere: limited per address too, account or not
      expect((await ask('a@example.test', '10.0.0.2')).statusCode).toBe(202);
      expect((await ask('a@example.test', '10.0.0.3')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('without SMTP, writes the link to the log at info level, on one line, and the link works', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
    const user = await signUpUser(t.app, { password: 'old password' });
    await requestReset(user.email);
    const deps = { db: t.ctx.db, clock, publicUrl: PUBLIC_URL, linkSecret: t.ctx.email.linkSecret, maxAttempts: 3, digestHourUtc: 8 };
    await runEmailBatch({ ...deps, mailer: createMailer({ from: 'x@example.test', log }), log });
    expect(mail.messages).toHaveLength(0);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(entry.level).toBe(30);
    const url = linkIn(entry.msg, `${PUBLIC_URL}/reset-password#token=`);
    expect((await confirmReset(url.split('#token=')[1]!, 'logged password')).statusCode).toBe(204);
    expect((await login(user, 'logged password')).statusCode).toBe(200);
  });
});
