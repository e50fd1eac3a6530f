import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startMailCapture } from '../packages/server/src/test/mailCapture';
import { createAdminWithCli, e2eAdmin } from './admin-setup';
import { root, startApp } from './app-server';
import { newUser, type NewUser } from './fixtures';
import { linkIn, waitForMail } from './mail';

/**
 * Sign-ups under the operator's rules, on an instance of this file's own: REGISTRATIONS=approval,
 * EMAIL_VERIFICATION=on and the proof-of-work challenge on (the default), with a real SMTP server.
 * The tests run in order: an applicant is approved, then the admin switches to invite-only, then closed.
 */
const test = base.extend<object, { instance: { baseURL: string; mailDir: string } }>({
  instance: [
    async ({}, use) => {
      let mail: Awaited<ReturnType<typeof startMailCapture>> | undefined;
      let mailDir = '';
      const app = await startApp({ DEFAULT_FOLLOWS: 'none', EMAIL_POLL_MS: '300', REGISTRATIONS: 'approval', EMAIL_VERIFICATION: 'on' }, async (env) => {
        mailDir = path.join(env.DATA_DIR!, 'mail');
        mail = await startMailCapture({ dir: mailDir });
        env.SMTP_URL = mail.url;
        createAdminWithCli(root, env);
      });
      const previous = process.env.E2E_MAIL_DIR;
      process.env.E2E_MAIL_DIR = mailDir;
      await use({ baseURL: app.baseURL, mailDir });
      process.env.E2E_MAIL_DIR = previous;
      await app.stop();
      await mail?.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ instance }, use) => {
    await use(instance.baseURL);
  },
});
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => {
  // the install prompt would cover the screens
  await context.addInitScript(() => localStorage.setItem('askbox.installPromptShownAt', String(Date.now())));
});

const shots = path.join(root, 'test-results', 'instance-access-shots');
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function fillSignup(page: Page, user: NewUser): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full name').fill(user.fullname);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Repeat password').fill(user.password);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function chooseMode(page: Page, label: string): Promise<void> {
  await page.goto('/settings/instance');
  await page.getByRole('radio', { name: label }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
}

const applicant = newUser('applicant');

test('approval: a visitor applies, the admin approves, the person is emailed, logs in and confirms the address', async ({ browser, baseURL }) => {
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/signup');
  await fillSignup(visitor, applicant);
  await visitor.getByLabel('Why do you want to join?').fill('I run the chess club and want to answer its questions.');
  await screenshot(visitor, 'approval-signup');
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await expect(visitor.getByText('Your account is waiting for approval. We will email you once an admin has looked at it.')).toBeVisible();
  await screenshot(visitor, 'approval-pending');

  await logIn(visitor, applicant.email, applicant.password);
  await expect(visitor.getByText('Your account is waiting for approval')).toBeVisible();

  const admin = await browser.newPage({ baseURL });
  await logIn(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin).not.toHaveURL(/\/login$/);
  // the team is told on Notifications, with the way to the queue
  await admin.goto('/notifications');
  await admin.getByRole('link', { name: '1 sign-up waiting for approval' }).click();
  await expect(admin).toHaveURL(/\/settings\/moderation$/);
  await expect(admin.getByRole('article', { name: `@${applicant.username}` })).toBeVisible();
  await admin.goto('/settings');
  await admin.getByRole('link', { name: 'Instance', exact: true }).click();
  await expect(admin).toHaveURL(/\/settings\/instance$/);
  const entry = admin.getByRole('article', { name: `@${applicant.username}` });
  await expect(entry.getByText('I run the chess club and want to answer its questions.')).toBeVisible();
  await screenshot(admin, 'instance-screen');
  await entry.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`@${applicant.username} is approved.`)).toBeVisible();
  await expect(admin.getByText('Nobody is waiting for approval.')).toBeVisible();

  await waitForMail(applicant.email, 'Your Askbox account is approved');
  await logIn(visitor, applicant.email, applicant.password);
  await expect(visitor).not.toHaveURL(/\/login$/);
  await visitor.goto('/home');
  const banner = visitor.getByText(`Confirm your email address to ask and answer questions. We sent a link to ${applicant.email}.`);
  await expect(banner).toBeVisible();
  await visitor.waitForTimeout(2500); // the splash's time, for the picture only
  await screenshot(visitor, 'verification-banner');

  const confirmation = await waitForMail(applicant.email, 'Confirm your email address');
  await visitor.goto(linkIn(confirmation.text, `${baseURL}/verify-email#token=`));
  await expect(visitor.getByRole('heading', { name: 'Your email address is confirmed.' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Continue' }).click();
  await expect(visitor).toHaveURL(/\/home$/);
  await expect(banner).toHaveCount(0);
  await visitor.close();
  await admin.close();
});

test('invite only: sign-up needs a member’s invite link', async ({ browser, baseURL }) => {
  const admin = await browser.newPage({ baseURL });
  await logIn(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin).not.toHaveURL(/\/login$/);
  await chooseMode(admin, 'Invite only: signing up needs an invite link');

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/signup');
  await expect(visitor.getByText('Sign-ups on this server need an invite link. Ask a member for one.')).toBeVisible();
  await expect(visitor.getByLabel('Email')).toHaveCount(0);

  // the approved member makes a link in Settings
  const member = await browser.newPage({ baseURL });
  await logIn(member, applicant.email, applicant.password);
  await expect(member).not.toHaveURL(/\/login$/);
  await member.goto('/settings');
  await member.getByRole('button', { name: 'Create an invite link' }).click();
  const link = (await member.getByText(`${baseURL}/signup?invite=`).textContent())!.trim();
  await screenshot(member, 'invite-links');

  const guest = newUser('guest');
  await visitor.goto(link);
  await fillSignup(visitor, guest);
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await expect(visitor).toHaveURL(/\/notifications-setup$/);
  // one use: the link is spent
  await member.reload();
  await expect(member.getByText('Used 1 of 1')).toBeVisible();
  await visitor.close();
  await member.close();
  await admin.close();
});

test('closed: the sign-up screen says so and the API refuses', async ({ browser, baseURL }) => {
  const admin = await browser.newPage({ baseURL });
  await logIn(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin).not.toHaveURL(/\/login$/);
  await chooseMode(admin, 'Closed: nobody can sign up');

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/signup');
  await expect(visitor.getByText('Sign-ups are closed on this server')).toBeVisible();
  await screenshot(visitor, 'closed');
  const refused = await visitor.request.post('/api/auth/signup', { data: { ...newUser('late'), repeatPassword: 'secret pass 1' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('registrations_closed');
  const nodeinfo = await (await visitor.request.get('/nodeinfo/2.1')).json();
  expect(nodeinfo.openRegistrations).toBe(false);
  await visitor.close();
  await admin.close();
});
