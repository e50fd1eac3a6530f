import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { softwareAuthenticator } from '../../test/softwareAuthenticator.js';

/** Passkeys with a software authenticator: added after the password, signing in password-less or as the second factor, each challenge taken once. */
const PASSWORD = 'correct horse';
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const codeOf = (res: Injected) => res.json<{ error?: { code: string } }>().error?.code;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://askbox.example' });
});
afterAll(() => t.close());
const origin = 'https://askbox.example';

async function addPasskey(user: TestUser, authenticator = softwareAuthenticator(origin)) {
  const started = await apiAs(t.app, user).post('/api/me/passkeys/options', { password: PASSWORD });
  expect(started.statusCode).toBe(200);
  const { options } = started.json<{ options: { challenge: string; rp: { id: string } } }>();
  expect(options.rp.id).toBe('askbox.example');
  const added = await apiAs(t.app, user).post('/api/me/passkeys', { response: authenticator.register(options), name: 'Laptop' });
  expect(added.statusCode, added.body).toBe(201);
  return { authenticator, options };
}
const loginOptions = async (token?: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', payload: token ? { token } : {} })).json<{
    options: { challenge: string; allowCredentials?: { id: string }[] };
  }>().options;
const signIn = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/passkey', payload });

describe('passkeys', () => {
  it('are added after the password, listed, and sign in without one', async () => {
    const user = await signUpUser(t.app);
    expect(codeOf(await apiAs(t.app, user).post('/api/me/passkeys/options', { password: 'wrong guess' }))).toBe('wrong_password');
    const { authenticator } = await addPasskey(user);
    const list = (await apiAs(t.app, user).get('/api/me/passkeys')).json<{ items: { id: string; name: string }[] }>().items;
    expect(list).toEqual([expect.objectContaining({ id: authenticator.id, name: 'Laptop' })]);

    const options = await loginOptions();
    const res = await signIn({ response: authenticator.authenticate(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { id: string } }>().user.id).toBe(user.id);
    expect(res.cookies.some((c) => c.name === 'askbox_session')).toBe(true);
  });

  it('take each challenge once, and refuse a passkey nobody registered', async () => {
    const user = await signUpUser(t.app);
    const { authenticator } = await addPasskey(user);
    const options = await loginOptions();
    expect((await signIn({ response: authenticator.authenticate(options) })).statusCode).toBe(200);
    // the same challenge again: refused
    const replay = await signIn({ response: authenticator.authenticate(options) });
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay)).toBe('passkey_not_recognised');
    const stranger = softwareAuthenticator(origin);
    expect(codeOf(await signIn({ response: stranger.authenticate(await loginOptions()) }))).toBe('passkey_not_recognised');
  });

  it('ask password-less sign-ins for a verified user (a PIN or a fingerprint), not presence alone', async () => {
    const user = await signUpUser(t.app);
    const { authenticator } = await addPasskey(user);
    expect(codeOf(await signIn({ response: authenticator.authenticate(await loginOptions(), { userVerified: false }) }))).toBe('passkey_not_recognised');
    expect((await signIn({ response: authenticator.authenticate(await loginOptions()) })).statusCode).toBe(200);
  });

  it("stand in for the code at the code step, only the account's own", async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const { authenticator } = await addPasskey(user);
    const { authenticator: othersKey } = await addPasskey(other);
    // two-factor sign-in on, as Settings does it
    const { secret } = (await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
    // the code an authenticator app would show
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await apiAs(t.app, user).post('/api/me/two-factor/enable', { code })).statusCode).toBe(200);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
    const { token } = login.json<{ secondFactor: { token: string } }>().secondFactor;
    const options = await loginOptions(token);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    // another account's passkey does not finish this sign-in
    expect(codeOf(await signIn({ token, response: othersKey.authenticate(options) }))).toBe('passkey_not_recognised');
    const res = await signIn({ token, response: authenticator.authenticate(await loginOptions(token)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { id: string } }>().user.id).toBe(user.id);
  });

  it('are removed by their owner only', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const { authenticator } = await addPasskey(user);
    expect((await apiAs(t.app, other).delete(`/api/me/passkeys/${authenticator.id}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, user).delete(`/api/me/passkeys/${authenticator.id}`)).statusCode).toBe(204);
    expect(codeOf(await signIn({ response: authenticator.authenticate(await loginOptions()) }))).toBe('passkey_not_recognised');
  });

  it("confirm it is you before a sensitive change, as a code does: the account's own, each challenge once", async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const { authenticator } = await addPasskey(user);
    const { authenticator: othersKey } = await addPasskey(other);
    const { secret } = (await apiAs(t.app, user).post('/api/me/two-factor/setup', { password: PASSWORD })).json<{ secret: string }>();
    expect((await apiAs(t.app, user).post('/api/me/two-factor/enable', { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() })).statusCode).toBe(
      200,
    );
    // ten minutes later, as far as this session knows
    await t.ctx.db.execute(sql`update sessions set second_factor_at = null where user_id = ${user.id}`);
    const me = apiAs(t.app, user);
    expect(codeOf(await me.get('/api/me/export'))).toBe('second_factor_required');

    const confirmOptions = async () =>
      (await me.post('/api/me/passkeys/confirm/options')).json<{ options: { challenge: string; allowCredentials: { id: string }[] } }>().options;
    const options = await confirmOptions();
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const stranger = await me.post('/api/me/passkeys/confirm', { response: othersKey.authenticate(options) });
    expect(stranger.statusCode).toBe(401);
    expect(codeOf(stranger)).toBe('passkey_not_recognised');
    const fresh = await confirmOptions();
    expect((await me.post('/api/me/passkeys/confirm', { response: authenticator.authenticate(fresh) })).statusCode).toBe(204);
    expect((await me.get('/api/me/export')).statusCode).toBe(200);
    // the same answer again: its challenge is spent
    expect(codeOf(await me.post('/api/me/passkeys/confirm', { response: authenticator.authenticate(fresh) }))).toBe('passkey_not_recognised');
    // someone without passkeys is told so at the first step
    expect(codeOf(await apiAs(t.app, await signUpUser(t.app)).post('/api/me/passkeys/confirm/options'))).toBe('passkey_not_recognised');
  });
});
