import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, users } from '../../db/schema/index.js';
import { testConfig } from '../../config.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { linkIn, startMailCapture, type MailCapture } from '../../test/mailCapture.js';
import { isBlockedEmailDomain } from './emailDomains.js';

const PUBLIC_URL = 'https://askbox.example';
let mail: MailCapture;
let t: TestApp;
let admin: TestUser;
let member: TestUser;

const form = (name: string, extra: Record<string, unknown> = {}) => ({
  email: `${name}@example.test`,
  username: name,
  fullname: `Person ${name}`,
  password: 'correct horse',
  repeatPassword: 'correct horse',
  ...extra,
});
const signup = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as never });
const login = (email: string, password = 'correct horse') => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const setMode = async (registrations: string, emailDomainBlocks: string[] = []) =>
  expect((await apiAs(t.app, admin).put('/api/admin/instance', { registrations, emailDomainBlocks })).statusCode).toBe(200);
const codeOf = (response: { json(): { error?: { code: string } } }) => response.json().error?.code;

beforeAll(async () => {
  mail = await startMailCapture();
  const base = testConfig();
  t = await createTestApp({ publicUrl: PUBLIC_URL, email: { ...base.email, smtpUrl: mail.url, from: 'Askbox <no-reply@askbox.example>' } });
  admin = await signUpUser(t.app, { username: 'operator' });
  await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  member = await signUpUser(t.app, { username: 'member' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(async () => {
  mail.messages.length = 0;
  await t.ctx.db.delete(emailOutbox);
});

describe('registration modes', () => {
  it('REGISTRATIONS defaults to open: the spec’s sign-up, and NodeInfo says registrations are open', async () => {
    expect(t.ctx.config.registrations).toBe('open');
    expect((await apiAs(t.app, admin).get('/api/admin/instance')).json()).toEqual({ registrations: 'open', emailDomainBlocks: [] });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.signup).toEqual({ registrations: 'open', minAge: 0, challenge: false, emailVerification: false });
    expect((await signup(form('opendoor'))).statusCode).toBe(201);
  });

  it('closed: the sign-up API refuses with a code, and the stored choice wins over the env', async () => {
    await setMode('closed');
    const refused = await signup(form('latecomer'));
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('registrations_closed');
    expect(refused.json().error.message).toBe('Sign-ups are closed on this server');
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().signup.registrations).toBe('closed');
    expect(await t.ctx.db.select().from(users).where(eq(users.username, 'latecomer'))).toEqual([]);
    // members still log in
    expect((await login(member.email)).statusCode).toBe(200);
    await setMode('open');
  });

  it('only admins read or change the Instance settings; the check runs before the body is read', async () => {
    expect(codeOf(await apiAs(t.app, member).get('/api/admin/instance'))).toBe('admin_only');
    expect(codeOf(await apiAs(t.app, member).put('/api/admin/instance', { nonsense: true }))).toBe('admin_only');
    expect(codeOf(await apiAs(t.app, null).put('/api/admin/instance', {}))).toBe('unauthorized');
    expect(codeOf(await apiAs(t.app, admin).put('/api/admin/instance', { registrations: 'sometimes', emailDomainBlocks: [] }))).toBe('invalid_input');
    expect(codeOf(await apiAs(t.app, admin).put('/api/admin/instance', { registrations: 'open', emailDomainBlocks: ['not a domain'] }))).toBe(
      'email_domain_invalid',
    );
  });
});

describe('approval mode', () => {
  it('asks why, keeps the sign-up out of users, says so at log-in; approval makes the account and emails the person', async () => {
    await setMode('approval');
    expect(codeOf(await signup(form('eager')))).toBe('signup_reason_required');
    const applied = await signup(form('eager', { reason: 'I run the chess club', locale: 'fr' }));
    expect(applied.statusCode).toBe(202);
    expect(applied.json()).toEqual({ pending: true });
    expect(applied.headers['set-cookie']).toBeUndefined();
    // no profile, no search result: nothing exists but the queue entry
    expect((await apiAs(t.app, member).get('/api/users/eager')).statusCode).toBe(404);
    // the name and address are taken meanwhile
    expect(codeOf(await signup(form('eager', { reason: 'me too', email: 'other@example.test' })))).toBe('username_taken');
    expect(codeOf(await signup(form('eager2', { reason: 'me too', email: 'eager@example.test' })))).toBe('email_taken');

    const pendingLogin = await login('eager@example.test');
    expect(pendingLogin.statusCode).toBe(403);
    expect(pendingLogin.json().error.message).toBe('Your account is waiting for approval');
    // a wrong password learns nothing
    expect(codeOf(await login('eager@example.test', 'wrong password'))).toBe('incorrect_login');

    const queue = (await apiAs(t.app, admin).get('/api/admin/signups')).json().signups;
    expect(queue).toEqual([
      expect.objectContaining({ username: 'eager', fullname: 'Person eager', email: 'eager@example.test', reason: 'I run the chess club' }),
    ]);
    expect(codeOf(await apiAs(t.app, member).get('/api/admin/signups'))).toBe('moderators_only');
    expect(codeOf(await apiAs(t.app, member).post(`/api/admin/signups/${queue[0].id}/approve`))).toBe('moderators_only');
    // the team's badge counts it (Notifications shows the way to the queue); a member's reads 0
    const pendingOf = async (who: typeof admin) => (await apiAs(t.app, who).get('/api/me/counters')).json().pendingSignups;
    expect(await pendingOf(admin)).toBe(1);
    expect(await pendingOf(member)).toBe(0);

    expect((await apiAs(t.app, admin).post(`/api/admin/signups/${queue[0].id}/approve`)).statusCode).toBe(204);
    expect(codeOf(await apiAs(t.app, admin).post(`/api/admin/signups/${queue[0].id}/approve`))).toBe('signup_not_pending');
    expect((await login('eager@example.test')).statusCode).toBe(200);
    expect(await pendingOf(admin)).toBe(0);
    await t.ctx.email.runBatch();
    const [approvedMail] = mail.messages;
    expect(approvedMail?.envelopeTo).toEqual(['eager@example.test']);
    // in the language of the form
    expect(approvedMail?.subject).toBe('Votre compte Askbox est approuvé');
    expect(approvedMail?.text).toContain(`${PUBLIC_URL}/login`);
    await setMode('open');
  });

  it('rejection deletes the sign-up, frees the name and emails the person in English by default', async () => {
    await setMode('approval');
    expect((await signup(form('spammer', { reason: 'buy now' }))).statusCode).toBe(202);
    const [entry] = (await apiAs(t.app, admin).get('/api/admin/signups')).json().signups;
    expect((await apiAs(t.app, admin).post(`/api/admin/signups/${entry.id}/reject`)).statusCode).toBe(204);
    expect((await apiAs(t.app, admin).get('/api/admin/signups')).json().signups).toEqual([]);
    expect(codeOf(await login('spammer@example.test'))).toBe('incorrect_login');
    await t.ctx.email.runBatch();
    expect(mail.messages.map((m) => [m.envelopeTo, m.subject])).toEqual([[['spammer@example.test'], 'Your Askbox sign-up']]);
    // the address is kept no longer than the email needed it
    const rows = await t.ctx.db.select().from(emailOutbox);
    expect(rows.every((row) => JSON.stringify(row.data) === '{}')).toBe(true);
    await setMode('open');
    expect((await signup(form('spammer'))).statusCode).toBe(201);
  });
});

describe('invite mode', () => {
  it('needs a valid invite link; a member’s link counts its uses, expires and can be revoked', async () => {
    await setMode('invite');
    expect(codeOf(await signup(form('guest1')))).toBe('invite_required');
    expect(codeOf(await signup(form('guest1', { invite: 'made-up' })))).toBe('invite_invalid');

    const created = await apiAs(t.app, member).post('/api/me/invites', { maxUses: 1, expiresInDays: 7 });
    expect(created.statusCode).toBe(201);
    const invite = created.json();
    expect(invite.url).toBe(`${PUBLIC_URL}/signup?invite=${invite.code}`);
    expect(invite).toMatchObject({ maxUses: 1, uses: 0 });

    expect((await signup(form('guest1', { invite: invite.code }))).statusCode).toBe(201);
    expect(codeOf(await signup(form('guest2', { invite: invite.code })))).toBe('invite_invalid');
    expect((await apiAs(t.app, member).get('/api/me/invites')).json().invites).toEqual([expect.objectContaining({ code: invite.code, uses: 1 })]);

    // someone else's link cannot be revoked (nor seen)
    expect(codeOf(await apiAs(t.app, admin).delete(`/api/me/invites/${invite.code}`))).toBe('invite_not_found');
    expect((await apiAs(t.app, admin).get('/api/me/invites')).json().invites).toEqual([]);

    const open = (await apiAs(t.app, admin).post('/api/me/invites', { maxUses: null, expiresInDays: 1 })).json();
    expect((await apiAs(t.app, admin).delete(`/api/me/invites/${open.code}`)).statusCode).toBe(204);
    expect(codeOf(await signup(form('guest3', { invite: open.code })))).toBe('invite_invalid');
    expect(codeOf(await apiAs(t.app, null).post('/api/me/invites', { maxUses: 1, expiresInDays: 1 }))).toBe('unauthorized');
    await setMode('open');
  });

  it('a link stops working while its maker is suspended, and works again once they are restored', async () => {
    const maker = await signUpUser(t.app);
    const link = (await apiAs(t.app, maker).post('/api/me/invites', { maxUses: null, expiresInDays: null })).json();
    await setMode('invite');
    await apiAs(t.app, admin).post(`/api/admin/users/${maker.username}/suspend`, { reason: 'Spam' });
    expect(codeOf(await signup(form('via_suspended', { invite: link.code })))).toBe('invite_invalid');
    await apiAs(t.app, admin).post(`/api/admin/users/${maker.username}/restore`);
    expect((await signup(form('via_restored', { invite: link.code }))).statusCode).toBe(201);
    await setMode('open');
  });

  it('an expired link is refused', async () => {
    await setMode('invite');
    const invite = (await apiAs(t.app, member).post('/api/me/invites', { maxUses: null, expiresInDays: 1 })).json();
    const realNow = t.ctx.clock.now;
    t.ctx.clock.now = () => new Date(Date.now() + 2 * 86_400_000);
    try {
      expect(codeOf(await signup(form('toolate', { invite: invite.code })))).toBe('invite_invalid');
    } finally {
      t.ctx.clock.now = realNow;
    }
    expect((await signup(form('ontime', { invite: invite.code }))).statusCode).toBe(201);
    await setMode('open');
  });
});

describe('email domain blocks', () => {
  it('refuses disposable addresses from the maintained list, and the operator’s own domains (env and screen)', async () => {
    expect(isBlockedEmailDomain('someone@mailinator.com', [])).toBe(true);
    expect(isBlockedEmailDomain('someone@example.test', [])).toBe(false);
    expect(isBlockedEmailDomain('someone@mail.spam.example', ['spam.example'])).toBe(true);
    const refused = await signup(form('throwaway', { email: 'throwaway@mailinator.com' }));
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('email_domain_blocked');
    await setMode('open', ['Spam.Example']);
    expect((await apiAs(t.app, admin).get('/api/admin/instance')).json().emailDomainBlocks).toEqual(['spam.example']);
    expect(codeOf(await signup(form('spam1', { email: 'spam1@eu.spam.example' })))).toBe('email_domain_blocked');
    await setMode('open', []);
    expect((await signup(form('spam1', { email: 'spam1@eu.spam.example' }))).statusCode).toBe(201);
  });

  it('EMAIL_DOMAIN_BLOCKS adds to the list', async () => {
    const other = await createTestApp({ emailDomainBlocks: ['blocked.example'] });
    try {
      const refused = await other.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form('x1', { email: 'x1@blocked.example' }) });
      expect(codeOf(refused)).toBe('email_domain_blocked');
    } finally {
      await other.close();
    }
  });
});

describe('minimum age and NodeInfo', () => {
  it('MIN_SIGNUP_AGE: sign-up needs the box ticked', async () => {
    const other = await createTestApp({ minSignupAge: 16 });
    try {
      const inject = (body: unknown) => other.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as never });
      const refused = await inject(form('young'));
      expect(codeOf(refused)).toBe('age_confirmation_required');
      expect(refused.json().error.message).toBe('You must be at least 16 years old to sign up');
      expect((await inject(form('young', { ageConfirmed: true }))).statusCode).toBe(201);
      expect((await other.app.inject({ method: 'GET', url: '/api/config' })).json().signup.minAge).toBe(16);
    } finally {
      await other.close();
    }
  });

  it('NodeInfo says registrations are open only in open mode, and that approval is required in approval mode', async () => {
    const nodeinfo = async () => (await t.app.inject({ method: 'GET', url: '/nodeinfo/2.1' })).json();
    expect(await nodeinfo()).toMatchObject({ openRegistrations: true, metadata: { registrations: 'open', approvalRequired: false } });
    await setMode('approval');
    expect(await nodeinfo()).toMatchObject({ openRegistrations: false, metadata: { registrations: 'approval', approvalRequired: true } });
    await setMode('invite');
    expect(await nodeinfo()).toMatchObject({ openRegistrations: false, metadata: { registrations: 'invite', invitesRequired: true } });
    await setMode('open');
  });
});

describe('EMAIL_VERIFICATION=on', () => {
  let v: TestApp;
  beforeAll(async () => {
    const base = testConfig();
    v = await createTestApp({
      publicUrl: PUBLIC_URL,
      emailVerification: true,
      email: { ...base.email, smtpUrl: mail.url, from: 'Askbox <no-reply@askbox.example>' },
    });
  });
  afterAll(async () => v.close());

  it('an account whose address is not confirmed makes no invite links', async () => {
    const newcomer = await signUpUser(v.app);
    expect(codeOf(await apiAs(v.app, newcomer).post('/api/me/invites', { maxUses: null, expiresInDays: null }))).toBe('email_not_verified');
    await v.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, newcomer.id));
    expect((await apiAs(v.app, newcomer).post('/api/me/invites', { maxUses: null, expiresInDays: null })).statusCode).toBe(201);
  });

  it('a new account gets a link and can ask or answer only after following it', async () => {
    const receiver = await signUpUser(v.app, { username: 'receiver' });
    await v.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, receiver.id));
    const newcomer = await signUpUser(v.app, { username: 'newcomer' });
    expect((await apiAs(v.app, newcomer).get('/api/me')).json().user.emailVerified).toBe(false);
    const refused = await apiAs(v.app, newcomer).post('/api/users/receiver/questions', { text: 'hello?', isAnonymous: true });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('email_not_verified');

    await v.ctx.email.runBatch();
    const message = mail.messages.find((m) => m.envelopeTo.includes(newcomer.email));
    expect(message?.subject).toBe('Confirm your email address');
    const token = linkIn(message!.text, `${PUBLIC_URL}/verify-email#token=`).split('#token=')[1]!;
    expect(codeOf(await v.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: `${token}x` } }))).toBe('verification_link_invalid');
    expect((await v.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(204);
    expect((await apiAs(v.app, newcomer).get('/api/me')).json().user.emailVerified).toBe(true);
    expect((await apiAs(v.app, newcomer).post('/api/users/receiver/questions', { text: 'hello?', isAnonymous: true })).statusCode).toBe(201);
  });

  it('Change address sends a link to the new address; the old link stops working', async () => {
    mail.messages.length = 0;
    const typo = await signUpUser(v.app, { username: 'typo', email: 'typo@exmaple.test' });
    await v.ctx.email.runBatch();
    const oldToken = linkIn(mail.messages.find((m) => m.envelopeTo.includes('typo@exmaple.test'))!.text, `${PUBLIC_URL}/verify-email#token=`).split(
      '#token=',
    )[1]!;
    expect((await apiAs(v.app, typo).put('/api/me/email-verification/address', { email: 'typo@example.test' })).statusCode).toBe(202);
    await v.ctx.email.runBatch();
    const fresh = mail.messages.find((m) => m.envelopeTo.includes('typo@example.test'));
    expect(fresh?.subject).toBe('Confirm your email address');
    expect(codeOf(await v.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: oldToken } }))).toBe('verification_link_invalid');
    expect((await apiAs(v.app, typo).post('/api/me/email-verification')).statusCode).toBe(202);
    expect((await apiAs(v.app, typo).get('/api/me')).json().user).toMatchObject({ email: 'typo@example.test', emailVerified: false });
  });

  it('accounts made while verification was off count as confirmed when it is turned on', async () => {
    expect((await apiAs(t.app, member).get('/api/me')).json().user.emailVerified).toBe(true);
  });
});

describe('an empty instance in closed mode', () => {
  it('gives an account to one of several simultaneous sign-ups only: the first, as its admin', async () => {
    const empty = await createTestApp({ registrations: 'closed', firstAccountIsAdmin: true });
    try {
      const answers = await Promise.all(
        ['first_a', 'first_b', 'first_c', 'first_d'].map((name) => empty.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form(name) })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403, 403]);
      for (const refused of answers.filter((a) => a.statusCode === 403)) expect(codeOf(refused)).toBe('registrations_closed');
      expect((await empty.ctx.db.select({ role: users.role }).from(users)).map((u) => u.role)).toEqual(['admin']);
    } finally {
      await empty.close();
    }
  });
});
