import type { Page } from '@playwright/test';
import { startMailCapture } from '../packages/server/src/test/mailCapture';
import { e2eAdmin } from './admin-setup';
import { startApp } from './app-server';
import { expect, newUser, signedInUser, test } from './fixtures';

async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin makes a moderator in the Team screen; the moderator handles a report but cannot change roles; the audit log shows each action', async ({
  page,
  browser,
}, testInfo) => {
  const moderator = await signedInUser(browser, 'teammod');
  const receiver = await signedInUser(browser, 'teamrcv');
  const asker = await signedInUser(browser, 'teamask');

  // the admin gives the moderator role from Settings › Team
  await signInAsAdmin(page);
  await page.goto('/settings');
  await page.getByRole('region', { name: 'Admin Features' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await page.getByLabel('Username').fill(moderator.user.username);
  await page.getByLabel('Role').selectOption('moderator');
  await page.getByRole('button', { name: 'Apply' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Make @${moderator.user.username} Moderator?`);
  await confirm.getByRole('button', { name: 'Apply' }).click();
  // confirmed once; then a toast, not a second dialog
  await expect(page.getByRole('status').filter({ hasText: `@${moderator.user.username} is now Moderator.` })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const team = page.getByRole('list', { name: 'Team' });
  await expect(team).toContainText(moderator.user.username);
  // 'Remove role' on the moderator's row, never on the admin's own
  await expect(team.getByRole('listitem').filter({ hasText: moderator.user.username }).getByRole('button', { name: 'Remove role' })).toBeVisible();
  await expect(team.getByRole('listitem').filter({ hasText: '@e2e_admin' }).getByRole('button', { name: 'Remove role' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('team-390.png'), fullPage: true });

  // an anonymous question, reported by its receiver
  const text = `Anonymous abuse ${Date.now()}`;
  const asked = await asker.page.request.post(`/api/users/${receiver.user.username}/questions`, { data: { text, isAnonymous: true } });
  const { id } = (await asked.json()) as { id: string };
  expect((await receiver.page.request.post('/api/reports', { data: { kind: 'question', target: id, reason: 'harassment' } })).status()).toBe(200);

  // the moderator: a Moderation card, not the admin card; the report; 'Block this sender everywhere'
  const mp = moderator.page;
  await mp.goto('/settings');
  await expect(mp.getByRole('region', { name: 'Admin Features' })).toHaveCount(0);
  await mp
    .getByRole('region', { name: 'Moderation' })
    .getByRole('link', { name: /Moderation/ })
    .click();
  const report = mp.getByRole('article', { name: 'Question: Harassment' }).filter({ hasText: text });
  await expect(report).toContainText('From: Anonymous');
  await mp.screenshot({ path: testInfo.outputPath('moderator-390.png'), fullPage: true });
  await report.getByRole('button', { name: 'Block this sender everywhere' }).click();
  await expect(mp.getByRole('alertdialog')).toContainText('Nobody, you included, learns who they are.');
  await mp.getByRole('alertdialog').getByRole('button', { name: 'Block this sender everywhere' }).click();
  await expect(report).toBeHidden();

  // the moderator cannot change roles: the server refuses, the screen is not theirs
  const refused = await mp.request.put(`/api/admin/users/${asker.user.username}/role`, { data: { role: 'moderator' } });
  expect(refused.status()).toBe(403);
  await mp.goto('/settings/team');
  await expect(mp).toHaveURL(/\/settings$/);

  // later anonymous questions from that sender drop quietly, for anyone
  const later = await asker.page.request.post(`/api/users/${moderator.user.username}/questions`, { data: { text: 'Dropped later', isAnonymous: true } });
  expect(later.status()).toBe(201);
  expect(JSON.stringify(await (await mp.request.get('/api/me/inbox')).json())).not.toContain('Dropped later');

  // the block is listed by its question, never by its sender, and a moderator can lift it
  await mp.goto('/settings/moderation');
  const blocks = mp.getByRole('region', { name: 'Senders blocked everywhere' });
  const block = blocks.getByRole('listitem').filter({ hasText: text });
  await expect(block).toContainText(`Blocked by @${moderator.user.username}`);
  await expect(blocks).not.toContainText(asker.user.username);
  await block.getByRole('button', { name: 'Lift the block' }).click();
  await expect(mp.getByRole('alertdialog')).toContainText('Lift this block?');
  await mp.getByRole('alertdialog').getByRole('button', { name: 'Lift the block' }).click();
  await expect(block).toBeHidden();
  const again = await asker.page.request.post(`/api/users/${moderator.user.username}/questions`, { data: { text: 'Arrives again', isAnonymous: true } });
  expect(again.status()).toBe(201);
  expect(JSON.stringify(await (await mp.request.get('/api/me/inbox')).json())).toContain('Arrives again');

  // the audit log, newest first: the block (by the report, never the sender) and the role change
  await page.goto('/settings/audit');
  const log = page.getByRole('list', { name: 'Audit log' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Anonymous sender blocked everywhere' }).first()).toContainText(`@${moderator.user.username}`);
  await expect(log.getByRole('listitem').filter({ hasText: 'Sender block lifted' }).first()).toContainText(`@${moderator.user.username}`);
  await expect(log.getByRole('listitem').filter({ hasText: 'Role changed' }).filter({ hasText: moderator.user.username }).first()).toContainText(
    `@${e2eAdmin.username}`,
  );
  await expect(log).not.toContainText(asker.user.username);
  await page.screenshot({ path: testInfo.outputPath('audit-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('audit-1280.png'), fullPage: true });

  // taking the role away: asked once, naming the role lost, then a toast saying it is gone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/team');
  const member = page.getByRole('list', { name: 'Team' }).getByRole('listitem').filter({ hasText: moderator.user.username });
  await member.getByRole('button', { name: 'Remove role' }).click();
  const removal = page.getByRole('alertdialog');
  await expect(removal).toContainText(`Remove the Moderator role from @${moderator.user.username}?`);
  await removal.getByRole('button', { name: 'Remove role' }).click();
  await expect(page.getByRole('status').filter({ hasText: `@${moderator.user.username} is no longer Moderator.` })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(member).toHaveCount(0);
  for (const person of [moderator, receiver, asker]) await person.context.close();
});

test('a timed suspension tells its reason at sign-in, takes one appeal, and ends by itself', async ({ page, browser }, testInfo) => {
  const suspended = await signedInUser(browser, 'timed');
  await signInAsAdmin(page);
  const until = new Date(Date.now() + 20_000).toISOString();
  const res = await page.request.post(`/api/admin/users/${suspended.user.username}/suspend`, { data: { reason: 'Spam links', until } });
  expect(res.status(), await res.text()).toBe(200);

  // signed out by the suspension; signing in says why and until when, and offers one appeal
  const sp = suspended.page;
  await sp.goto('/login');
  await sp.getByLabel('Email').fill(suspended.user.email);
  await sp.getByLabel('Password', { exact: true }).fill(suspended.user.password);
  await sp.getByRole('button', { name: 'Log in' }).click();
  await expect(sp.getByText(/This account is suspended until .* UTC\. Reason: Spam links/)).toBeVisible();
  await sp.getByLabel('Why should the suspension be lifted?').fill('It was a mistake');
  await sp.getByRole('button', { name: 'Send appeal' }).click();
  await expect(sp.getByRole('status').filter({ hasText: 'Your appeal was sent to the moderators.' })).toBeVisible();
  await sp.screenshot({ path: testInfo.outputPath('suspended-login-390.png'), fullPage: true });

  // the appeal reaches the moderation screen
  await page.goto('/settings/moderation');
  await expect(page.getByRole('article', { name: `Appeal from @${suspended.user.username}` })).toContainText('It was a mistake');

  // the end passes: signing in works again, and the audit log says the server ended it
  await sp.waitForTimeout(Math.max(0, new Date(until).getTime() - Date.now()) + 500);
  await sp.getByRole('button', { name: 'Log in' }).click();
  await expect(sp).toHaveURL(/\/(home|notifications-setup)$/);
  await page.goto('/settings/audit');
  const entry = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').filter({ hasText: suspended.user.username });
  await expect(entry.filter({ hasText: 'Suspension ended' })).toContainText('Askbox (timed end)');
  await expect(entry.filter({ hasText: 'Account suspended' })).toContainText('Reason: Spam links');
  await expect(entry.filter({ hasText: 'Appeal received' })).toBeVisible();
  await suspended.context.close();
});

test('the admin dashboard shows a failed email delivery and retries it', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  // an instance of its own whose emails fail after one attempt, and a mail server that refuses the first
  const mail = await startMailCapture();
  const app = await startApp({ EMAIL_MAX_ATTEMPTS: '1', EMAIL_POLL_MS: '300', SIGNUP_CHALLENGE: 'off' }, (env) => {
    env.SMTP_URL = mail.url;
  });
  try {
    const admin = newUser('dashadmin');
    // the first account of an empty instance is its admin
    const signup = await page.request.post(`${app.baseURL}/api/auth/signup`, { data: { ...admin, repeatPassword: admin.password } });
    expect(signup.status()).toBe(201);
    mail.refuseNext(1);
    await page.request.post(`${app.baseURL}/api/auth/password-reset`, { data: { email: admin.email } });

    // the email fails once for good (one attempt allowed)
    const failedEmails = async () => {
      const board = (await (await page.request.get(`${app.baseURL}/api/admin/dashboard`)).json()) as { queues: { queue: string; failed: number }[] };
      return board.queues.find((q) => q.queue === 'email')?.failed;
    };
    await expect.poll(failedEmails, { timeout: 30_000 }).toBe(1);

    await page.goto(`${app.baseURL}/settings`);
    await page.getByRole('region', { name: 'Admin Features' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const email = page.getByRole('region', { name: 'Email', exact: true });
    await expect(email).toContainText('Failed after 1 attempt');
    await expect(email).toContainText('1 failed');
    await expect(page.getByText('Embedded (PGlite)')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('dashboard-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });

    await email.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => mail.messages.length, { timeout: 20_000 }).toBe(1);
    expect(mail.messages[0]!.subject).toBe('Reset your Askbox password');
    await page.reload();
    await expect(email).toContainText('No failed deliveries');
    await page.goto(`${app.baseURL}/settings/audit`);
    await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first()).toContainText('Delivery retried');
  } finally {
    await app.stop();
    await mail.close();
  }
});
