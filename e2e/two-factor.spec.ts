import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

/** What an authenticator app shows for `secret`, `aheadMs` from now (a code is taken once: the next one is the next step's). */
const appCode = (secret: string, aheadMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + aheadMs });

async function expectNoSeriousAxe(page: Page, include: string) {
  const axe = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

async function logOut(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('two-factor sign-in: turned on with a QR code and a first code, then signing in with an app code and with a recovery code, then turned off', async ({
  browser,
}) => {
  const { context, page, user } = await signedInUser(browser, 'twofactor');
  // another device, signed in before two-factor sign-in was on: it has never proved a second factor
  const tablet = await browser.newContext();
  expect((await tablet.request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).status()).toBe(200);

  // Settings › Two-factor sign-in › Turn on: the password, then the QR code and the key as text
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await setup.getByLabel('Password', { exact: true }).fill(user.password);
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await setup.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousAxe(page, '[role="dialog"]');
  await setup.getByLabel('Code from the app').fill(appCode(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  // the ten recovery codes, shown once, downloadable as a text file
  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  const codes = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const [download] = await Promise.all([page.waitForEvent('download'), codesDialog.getByRole('button', { name: 'Download as a text file' }).click()]);
  expect(download.suggestedFilename()).toBe(`askbox-recovery-codes-${user.username}.txt`);
  const file = fs.readFileSync((await download.path())!, 'utf8');
  for (const code of recoveryCodes) expect(file).toContain(code);
  await expectNoSeriousAxe(page, '[role="dialog"]');
  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 recovery codes left')).toBeVisible();
  await expectNoSeriousAxe(page, 'section[aria-labelledby="settings-two-factor"]');

  // the other device's export asks for a code first (here a recovery code), then downloads
  const tabletPage = await tablet.newPage();
  await tabletPage.goto('/settings');
  await tabletPage.getByRole('button', { name: 'Export my data' }).click();
  const confirm = tabletPage.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxe(tabletPage, '[role="dialog"]');
  await confirm.getByLabel('Code').fill(recoveryCodes[1]!);
  const [exported] = await Promise.all([tabletPage.waitForEvent('download'), confirm.getByRole('button', { name: 'Continue' }).click()]);
  expect(exported.suggestedFilename()).toMatch(/^askbox-.*\.json$/);
  await expect(confirm).toBeHidden();
  await tablet.close();

  // sign out; the password alone no longer signs in: the code step comes next
  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await expectNoSeriousAxe(page, 'form');
  // a wrong code is refused, and the form stays
  await page.getByLabel('Code').fill(appCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Incorrect code')).toBeVisible();
  // the app's next code (the one that turned it on is spent)
  await page.getByLabel('Code').fill(appCode(secret, 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/(home|notifications-setup)$/);

  // sign in with a recovery code; it is spent
  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await page.getByLabel('Code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/(home|notifications-setup)$/);
  await page.goto('/settings');
  await expect(section.getByText('8 recovery codes left')).toBeVisible();

  // turn it off (this sign-in's code is fresh): the password alone signs in again
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  await logOut(page);
  await passwordStep(page, user.email, user.password);
  await expect(page).toHaveURL(/\/(home|notifications-setup)$/);
  await context.close();
});
