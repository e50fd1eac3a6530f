import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../clock.js';
import { testConfig } from '../../config.js';
import { auditLog, passkeys } from '../../db/schema/index.js';
import { runCommand } from '../../cli/commands.js';
import { queryRows } from '../../db/sql.js';
import { apiAs, createTestApp, signUpUser, solvedChallenge, type TestApp, type TestUser } from '../../test/harness.js';
import { FREE_LOGIN_FAILURES } from '../challenge/service.js';
import { KEY_FILE, seal, unseal } from './sealing.js';
import { totpCode } from './totp.js';
import { FRESH_SECOND_FACTOR_MINUTES } from './service.js';

/**
 * Two-factor sign-in with an authenticator app: turning it on (a secret sealed at rest, a first
 * code, ten recovery codes), the log-in's code step and its guards, codes taken once, the fresh
 * second factor that sensitive changes ask for, and the operator's reset.
 */
const PASSWORD = 'correct horse';
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const codeOf = (res: Injected) => res.json<{ error?: { code: string } }>().error?.code;
const sessionCookie = (res: Injected) => res.cookies.find((c) => c.name === 'askbox_session');

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

/** Turns two-factor sign-in on for `user` as Settings does; returns the secret and the recovery codes. */
async function turnOn(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: PASSWORD });
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json<{ secret: string; uri: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  const enabled = await apiAs(t.app, user).post('/api/me/two-factor/enable', { code: totpCode(secret, clock.now()) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
/** The next app code: each time step's code is taken once, so tests move to the next step. */
function nextCode(secret: string): string {
  clock.advance(30_000);
  return totpCode(secret, clock.now());
}
const passwordStep = (user: TestUser, password = PASSWORD, ip = '198.51.100.1', extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: user.email, password, ...extra } });
const codeStep = (token: string, code: string, ip = '198.51.100.1', extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', remoteAddress: ip, payload: { token, code, ...extra } });
async function pendingToken(user: TestUser, ip?: string): Promise<string> {
  const res = await passwordStep(user, PASSWORD, ip);
  expect(res.statusCode).toBe(200);
  return res.json<{ secondFactor: { token: string } }>().secondFactor.token;
}

describe('turning it on', () => {
  it('asks for the password, then a first code; answers ten recovery codes once', async () => {
    const user = await signUpUser(t.app);
    expect((await apiAs(t.app, user).get('/api/me/two-factor')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(codeOf(await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: 'wrong guess' }))).toBe('wrong_password');
    const setup = (await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
    // not on until a first code proves the app has it
    expect((await apiAs(t.app, user).get('/api/me/two-factor')).json<{ enabled: boolean }>().enabled).toBe(false);
    expect(
      codeOf(await apiAs(t.app, user).post('/api/me/two-factor/enable', { code: '000000' === totpCode(setup.secret, clock.now()) ? '111111' : '000000' })),
    ).toBe('incorrect_code');
    const enabled = await apiAs(t.app, user).post('/api/me/two-factor/enable', { code: totpCode(setup.secret, clock.now()) });
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await apiAs(t.app, user).get('/api/me/two-factor')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // on already: no second secret
    expect(codeOf(await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: PASSWORD }))).toBe('two_factor_already_on');
  });

  it('drops a setup not confirmed within a quarter of an hour', async () => {
    const user = await signUpUser(t.app);
    const { secret } = (await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
    clock.advance(16 * 60_000);
    expect(codeOf(await apiAs(t.app, user).post('/api/me/two-factor/enable', { code: totpCode(secret, clock.now()) }))).toBe('two_factor_not_started');
  });

  it('keeps the secret sealed at rest: no table holds it, and recovery codes only as hashes', async () => {
    const user = await signUpUser(t.app);
    const { secret, recoveryCodes } = await turnOn(user);
    const tables = await queryRows<{ table_name: string }>(
      t.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let everything = '';
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(t.ctx.db, sql.raw(`select t::text as row from "${table_name}" t`));
      everything += rows.map((r) => r.row).join('\n');
    }
    expect(everything).toContain(user.id);
    expect(everything.toUpperCase()).not.toContain(secret);
    for (const code of recoveryCodes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replace('-', ''));
    }
    // sealed with the key generated into the data directory (no TWO_FACTOR_KEY in tests)
    const key = Buffer.from(fs.readFileSync(path.join(t.ctx.config.dataDir, KEY_FILE), 'utf8').trim(), 'hex');
    expect(key).toHaveLength(32);
    expect(everything).toMatch(/v1\.[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('seals with AES-256-GCM bound to the account: another key or another account does not open it', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal(key, 'user-a', 'JBSWY3DPEHPK3PXP');
    expect(unseal(key, 'user-a', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(seal(key, 'user-a', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(() => unseal(Buffer.alloc(32, 8), 'user-a', sealed)).toThrow(/TWO_FACTOR_KEY/);
    expect(() => unseal(key, 'user-b', sealed)).toThrow(/TWO_FACTOR_KEY/);
  });
});

describe('signing in', () => {
  let user: TestUser;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    user = await signUpUser(t.app);
    ({ secret, recoveryCodes } = await turnOn(user));
  });

  it('asks for the code after a right password, with no session before it', async () => {
    const res = await passwordStep(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['secondFactor']);
    expect(sessionCookie(res)).toBeUndefined();
    const done = await codeStep(res.json<{ secondFactor: { token: string } }>().secondFactor.token, nextCode(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json<{ user: { id: string } }>().user.id).toBe(user.id);
    const cookie = sessionCookie(done)!;
    expect((await apiAs(t.app, { ...user, cookie: `askbox_session=${cookie.value}` }).get('/api/me')).json<{ user: { id: string } }>().user.id).toBe(user.id);
  });

  it('takes an app code once', async () => {
    const code = nextCode(secret);
    expect((await codeStep(await pendingToken(user), code)).statusCode).toBe(200);
    const again = await codeStep(await pendingToken(user), code);
    expect(again.statusCode).toBe(401);
    expect(codeOf(again)).toBe('incorrect_code');
  });

  it('signs in once with a recovery code, which is then spent', async () => {
    const code = recoveryCodes[0]!;
    // typed loosely: upper case, spaces around
    expect((await codeStep(await pendingToken(user), ` ${code.toUpperCase()} `)).statusCode).toBe(200);
    expect(codeOf(await codeStep(await pendingToken(user), code))).toBe('incorrect_code');
    expect((await apiAs(t.app, user).get('/api/me/two-factor')).json<{ recoveryCodesLeft: number }>().recoveryCodesLeft).toBe(9);
  });

  it('answers a wrong code as it answers a wrong password: same status, same shape', async () => {
    const wrongPassword = await passwordStep(user, 'wrong guess', '198.51.100.2');
    const wrongCode = await codeStep(
      await pendingToken(user, '198.51.100.2'),
      '123456' === totpCode(secret, clock.now()) ? '654321' : '123456',
      '198.51.100.2',
    );
    expect(wrongCode.statusCode).toBe(wrongPassword.statusCode);
    expect(wrongCode.statusCode).toBe(401);
    const shape = (res: Injected) => ({
      keys: Object.keys(res.json<{ error: object }>().error).sort(),
      type: res.headers['content-type'],
      cookies: res.cookies.length,
    });
    expect(shape(wrongCode)).toEqual(shape(wrongPassword));
    expect(sessionCookie(wrongCode)).toBeUndefined();
  });

  it('refuses a token altered, late, or voided by a new password', async () => {
    const token = await pendingToken(user);
    const [id, expires, signature] = token.split('.');
    expect(codeOf(await codeStep(`${id}.${Number(expires) + 60_000}.${signature}`, nextCode(secret)))).toBe('two_factor_login_expired');
    clock.advance(6 * 60_000);
    expect(codeOf(await codeStep(token, nextCode(secret)))).toBe('two_factor_login_expired');
    // a new password (here the same words, hashed anew) voids a code step under way
    const underWay = await pendingToken(user);
    expect((await apiAs(t.app, user).post('/api/me/two-factor/confirm', { code: nextCode(secret) })).statusCode).toBe(204);
    const changed = await apiAs(t.app, user).post('/api/me/password', { currentPassword: PASSWORD, newPassword: PASSWORD, repeatPassword: PASSWORD });
    expect(changed.statusCode).toBe(204);
    expect(codeOf(await codeStep(underWay, nextCode(secret)))).toBe('two_factor_login_expired');
  });
});

describe('the code step keeps the log-in guards', () => {
  it('counts against the per-IP limit with the password step', async () => {
    const limited = await createTestApp({ rateLimits: { ...testConfig().rateLimits, loginPer15Min: 3, loginPerAccountPer15Min: 1000 } }, { clock });
    try {
      const user = await signUpUser(limited.app);
      const setup = (await apiAs(limited.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
      await apiAs(limited.app, user).post('/api/me/two-factor/enable', { code: totpCode(setup.secret, clock.now()) });
      const ip = '203.0.113.7';
      const login = await limited.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: user.email, password: PASSWORD } });
      const token = login.json<{ secondFactor: { token: string } }>().secondFactor.token;
      const step = () => limited.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', remoteAddress: ip, payload: { token, code: '000000' } });
      await step();
      await step();
      expect(codeOf(await step())).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('counts against the per-account limit from every address', async () => {
    const limited = await createTestApp({ rateLimits: { ...testConfig().rateLimits, loginPer15Min: 1000, loginPerAccountPer15Min: 3 } }, { clock });
    try {
      const user = await signUpUser(limited.app);
      const setup = (await apiAs(limited.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
      await apiAs(limited.app, user).post('/api/me/two-factor/enable', { code: totpCode(setup.secret, clock.now()) });
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.1',
        payload: { email: user.email, password: PASSWORD },
      });
      const token = login.json<{ secondFactor: { token: string } }>().secondFactor.token;
      const step = (ip: string, code: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', remoteAddress: ip, payload: { token, code } });
      expect(codeOf(await step('203.0.113.2', '000000'))).not.toBe('rate_limited');
      // the right code too, once the account's budget is spent
      expect(codeOf(await step('203.0.113.3', nextCode(setup.secret)))).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('asks for a solved challenge after failed codes to the address, as after failed passwords', async () => {
    const guarded = await createTestApp({ challenge: { enabled: true, difficulty: 1 } }, { clock });
    try {
      const user = await signUpUser(guarded.app);
      const setup = (await apiAs(guarded.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
      await apiAs(guarded.app, user).post('/api/me/two-factor/enable', { code: totpCode(setup.secret, clock.now()) });
      const login = await guarded.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
      const token = login.json<{ secondFactor: { token: string } }>().secondFactor.token;
      const step = (payload: object) => guarded.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { token, ...payload } });
      for (let i = 0; i < FREE_LOGIN_FAILURES; i++) expect(codeOf(await step({ code: '000000' }))).toBe('incorrect_code');
      const code = nextCode(setup.secret);
      expect(codeOf(await step({ code }))).toBe('challenge_required');
      const res = await step({ code, challenge: await solvedChallenge(guarded.app, 'login') });
      expect(res.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('a fresh second factor before sensitive changes', () => {
  let user: TestUser;
  let secret: string;
  beforeAll(async () => {
    user = await signUpUser(t.app);
    ({ secret } = await turnOn(user));
  });
  const sensitive = (as: TestUser) => ({
    export: () => apiAs(t.app, as).get('/api/me/export'),
    'change password': () => apiAs(t.app, as).post('/api/me/password', { currentPassword: PASSWORD, newPassword: PASSWORD, repeatPassword: PASSWORD }),
    'turn it off': () => apiAs(t.app, as).delete('/api/me/two-factor'),
    'new recovery codes': () => apiAs(t.app, as).post('/api/me/two-factor/recovery-codes'),
    'delete account': () => t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: as.cookie }, payload: { password: 'wrong guess' } }),
    'correct the address': () => apiAs(t.app, as).put('/api/me/email-verification/address', { email: 'new@example.test' }),
  });

  it('asks for it once the proof is older than a few minutes, and takes a code given again', async () => {
    clock.advance((FRESH_SECOND_FACTOR_MINUTES + 1) * 60_000);
    for (const [name, send] of Object.entries(sensitive(user))) {
      const res = await send();
      expect(res.statusCode, name).toBe(403);
      expect(codeOf(res), name).toBe('second_factor_required');
    }
    expect(
      codeOf(await apiAs(t.app, user).post('/api/me/two-factor/confirm', { code: '000000' === totpCode(secret, clock.now()) ? '111111' : '000000' })),
    ).toBe('incorrect_code');
    expect((await apiAs(t.app, user).post('/api/me/two-factor/confirm', { code: nextCode(secret) })).statusCode).toBe(204);
    expect((await sensitive(user).export()).statusCode).toBe(200);
    expect((await sensitive(user)['change password']()).statusCode).toBe(204);
    // the delete's own check comes next: the wrong password
    expect(codeOf(await sensitive(user)['delete account']())).toBe('wrong_password');
    const renewed = await sensitive(user)['new recovery codes']();
    expect(renewed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
  });

  it('asks nothing more of an account without two-factor sign-in', async () => {
    const plain = await signUpUser(t.app);
    expect((await sensitive(plain).export()).statusCode).toBe(200);
  });

  it('turns it off: the password alone signs in again', async () => {
    expect((await apiAs(t.app, user).post('/api/me/two-factor/confirm', { code: nextCode(secret) })).statusCode).toBe(204);
    expect((await sensitive(user)['turn it off']()).statusCode).toBe(204);
    expect((await apiAs(t.app, user).get('/api/me/two-factor')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const res = await passwordStep(user);
    expect(res.json<{ user: { id: string } }>().user.id).toBe(user.id);
  });
});

describe("the operator's reset", () => {
  it('turns it off from the command line, audited, without showing the secret', async () => {
    const user = await signUpUser(t.app);
    const { secret, recoveryCodes } = await turnOn(user);
    // a passkey on the lost device would still sign in without the password: it goes too
    await t.ctx.db.insert(passkeys).values({ id: `lost-${user.id}`, userId: user.id, publicKey: 'cose' });
    const lines: string[] = [];
    await runCommand(t.ctx, { out: (l: string) => lines.push(l) }, 'reset-two-factor', [user.username]);
    expect(lines).toEqual([
      `Two-factor sign-in is now off for @${user.username}: they sign in with their password and can turn it on again.`,
      `@${user.username}'s passkey is removed: they can add new ones once signed in.`,
    ]);
    expect(await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect(lines.join('\n').toUpperCase()).not.toContain(secret);
    for (const code of recoveryCodes) expect(lines.join('\n')).not.toContain(code);
    expect((await passwordStep(user)).json<{ user: { id: string } }>().user.id).toBe(user.id);
    const entries = await t.ctx.db.select().from(auditLog);
    const entry = entries.find((e) => e.action === 'two_factor_reset' && e.target === user.username);
    expect(entry).toMatchObject({ actorUsername: ':cli', targetKind: 'account' });
    expect(JSON.stringify(entry).toUpperCase()).not.toContain(secret);
    // a second reset changes nothing and writes nothing
    await runCommand(t.ctx, { out: (l: string) => lines.push(l) }, 'reset-two-factor', [user.username]);
    expect(lines.at(-1)).toBe(`@${user.username} does not use two-factor sign-in or passkeys; nothing changed.`);
    expect((await t.ctx.db.select().from(auditLog)).filter((e) => e.action === 'two_factor_reset' && e.target === user.username)).toHaveLength(1);
  });
});
