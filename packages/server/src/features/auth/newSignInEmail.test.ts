import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { testConfig } from '../../config.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { startMailCapture, type MailCapture } from '../../test/mailCapture.js';

/** A sign-in from a browser the account was never signed in from emails its owner; a known browser's does not. */
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
let mail: MailCapture;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  mail = await startMailCapture();
  const base = testConfig();
  const email = { ...base.email, smtpUrl: mail.url, from: 'Askbox <no-reply@askbox.example>' };
  t = await createTestApp({ publicUrl: 'https://askbox.example', email });
  off = await createTestApp({ publicUrl: 'https://askbox.example', email, signInEmails: false });
});
afterAll(async () => {
  await t.close();
  await off.close();
  await mail.close();
});

const logIn = (app: TestApp, user: TestUser, device?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': FIREFOX_ON_LINUX },
    payload: { email: user.email, password: 'correct horse' },
    ...(device ? { cookies: { askbox_device: device } } : {}),
  });
const mailsTo = (user: TestUser) => mail.messages.filter((m) => m.envelopeTo.includes(user.email));

describe('the email on a sign-in from a new browser', () => {
  it('tells the owner the browser, the system and the time, and where to sign it out; a known browser signs in quietly', async () => {
    const user = await signUpUser(t.app);
    const first = await logIn(t, user);
    expect(first.statusCode).toBe(200);
    await t.ctx.email.runBatch();
    const [email] = mailsTo(user);
    expect(mailsTo(user)).toHaveLength(1);
    expect(email!.subject).toBe('A new sign-in to your Askbox account');
    expect(email!.text).toContain(`@${user.username}`);
    expect(email!.text).toContain('Firefox on Linux');
    expect(email!.text).toContain('UTC');
    expect(email!.text).toContain('https://askbox.example/settings#settings-sessions');

    // the same browser again, with the cookie it was given: nothing more
    const device = first.cookies.find((c) => c.name === 'askbox_device')!.value;
    expect((await logIn(t, user, device)).statusCode).toBe(200);
    await t.ctx.email.runBatch();
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('is written in the owner’s language', async () => {
    const user = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ locale: 'fr' }).where(eq(users.id, user.id));
    await logIn(t, user);
    await t.ctx.email.runBatch();
    const [email] = mailsTo(user);
    expect(email!.subject).toBe('Nouvelle connexion à votre compte Askbox');
    expect(email!.text).toContain('Firefox sur Linux');
  });

  it('is not sent when the operator turns it off (SIGN_IN_EMAILS=off), nor for a wrong password', async () => {
    const user = await signUpUser(off.app);
    expect((await logIn(off, user)).statusCode).toBe(200);
    await off.ctx.email.runBatch();
    expect(mailsTo(user)).toEqual([]);

    const other = await signUpUser(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: 'wrong guess' } });
    expect(wrong.statusCode).toBe(401);
    await t.ctx.email.runBatch();
    expect(mailsTo(other)).toEqual([]);
  });
});
