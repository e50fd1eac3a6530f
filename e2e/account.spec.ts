import fs from 'node:fs';
import { expect, newUser, signUpViaApi, test, type NewUser } from './fixtures';
import { linkIn, waitForMail } from './mail';

async function logInThroughUi(page: import('@playwright/test').Page, user: { email: string }, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function openSettings(page: import('@playwright/test').Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

const apiLogin = (page: import('@playwright/test').Page, user: NewUser, password: string) =>
  page.request.post('/api/auth/login', { data: { email: user.email, password } });

test('forgot password: the emailed link sets a new password, then the user logs in with it', async ({ page }) => {
  const user = newUser('reset');
  await signUpViaApi(page, user);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // an address with no account gets exactly the same answer
  await page.getByLabel('Email').fill('nobody-at-all@example.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sameAnswer = page.getByRole('status').filter({ hasText: 'If an account uses this address' });
  await expect(sameAnswer).toBeVisible();
  const unknownText = await sameAnswer.textContent();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(sameAnswer).toHaveText(unknownText!);

  const email = await waitForMail(user.email, 'Reset your Askbox password');
  const link = linkIn(email.text, `${process.env.E2E_BASE_URL}/reset-password#token=`);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // the token leaves the address bar once read
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('brand new pass');
  await page.getByLabel('Repeat new password').fill('brand new typo');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Repeat new password').fill('brand new pass');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await page.getByLabel('Password', { exact: true }).fill('brand new pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/notifications-setup$/);

  // the link worked once
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third new pass');
  await page.getByLabel('Repeat new password').fill('third new pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('change password in Settings: the current one is required, other sessions end', async ({ page, browser }) => {
  const user = newUser('chpw');
  await signUpViaApi(page, user);
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  expect((await apiLogin(otherPage, user, user.password)).status()).toBe(200);
  // the other device has the app open
  await otherPage.goto('/home');
  await expect(otherPage.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await openSettings(page);
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('not my password');
  await dialog.getByLabel('New password', { exact: true }).fill('changed pass 2');
  await dialog.getByLabel('Repeat new password').fill('changed pass 2');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
  await dialog.getByLabel('Current password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password changed. You were logged out on your other devices.')).toBeVisible();

  // the other device is told, and signed out on screen
  const notice = otherPage.getByRole('alertdialog');
  await expect(notice).toHaveText(/You have been signed out\. Please log in again\./);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(otherPage).toHaveURL(/\/onboarding$/);

  // this device stays signed in; the other one is out
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect((await (await otherPage.request.get('/api/me')).json()).user).toBeNull();
  expect((await apiLogin(otherPage, user, 'changed pass 2')).status()).toBe(200);
  await other.close();
});

test('export my data downloads a JSON file of the account', async ({ page }) => {
  const user = newUser('export');
  await signUpViaApi(page, user);
  await openSettings(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^askbox-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(data.format).toBe('askbox-export/1');
  expect(data.profile).toMatchObject({ username: user.username, email: user.email, fullname: user.fullname });
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeEnabled();
});

test('email notifications: each new question by email, and the email’s unsubscribe link turns them off signed out', async ({ page, browser }) => {
  const user = newUser('mailme');
  await signUpViaApi(page, user);
  await openSettings(page);
  const group = page.getByRole('group', { name: 'Email notifications' });
  await expect(group.getByRole('radio', { name: 'Off' })).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PATCH');
  await group.getByRole('radio', { name: 'Each new question' }).check();
  expect((await saved).status()).toBe(200);

  const asker = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const askerPage = await asker.newPage();
  await signUpViaApi(askerPage, newUser('asker'));
  const asked = await askerPage.request.post(`/api/users/${user.username}/questions`, { data: { text: 'Do emails reach you?', isAnonymous: true } });
  expect(asked.status()).toBe(201);
  await asker.close();

  const email = await waitForMail(user.email, 'New Question ❓');
  expect(email.text).toContain('Someone sent you an anonymous question!');
  expect(email.text).toContain('Do emails reach you?');
  expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  await page.context().clearCookies();
  await page.goto(linkIn(email.text, `${process.env.E2E_BASE_URL}/unsubscribe?token=`));
  await expect(page.getByRole('heading', { name: 'Stop email notifications?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Askbox will not email you notifications any more' })).toBeVisible();

  await logInThroughUi(page, user, user.password);
  await expect(page).toHaveURL(/\/notifications-setup$/);
  await openSettings(page);
  await expect(page.getByRole('group', { name: 'Email notifications' }).getByRole('radio', { name: 'Off' })).toBeChecked();
});

test('delete my account: password confirm, then signed out and the account is gone', async ({ page }) => {
  const user = newUser('leaver');
  await signUpViaApi(page, user);
  await openSettings(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Password', { exact: true }).fill('wrong password');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await confirm.click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await logInThroughUi(page, user, user.password);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
});
