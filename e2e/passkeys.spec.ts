import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { startApp, type RunningApp } from './app-server';
import { expect, newUser, signUpViaApi, test } from './fixtures';

/**
 * Passkeys through Chromium's virtual authenticator (WebAuthn over the DevTools protocol). WebAuthn
 * refuses an IP address as the relying party, so this spec runs its own server at
 * http://localhost:<port> (the shared one is at 127.0.0.1).
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp({}, (env) => {
    env.PUBLIC_URL = env.PUBLIC_URL!.replace('127.0.0.1', 'localhost');
  });
});
test.afterAll(async () => app.stop());
const origin = () => app.baseURL.replace('127.0.0.1', 'localhost');

async function withVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a passkey added in Settings signs in without a password, and removed it no longer does', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin() });
  const page = await context.newPage();
  await withVirtualAuthenticator(page);
  const user = newUser('passkey');
  await signUpViaApi(page, user);

  // Settings › Passkeys › Add a passkey: the password, a name, then the authenticator
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkey yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('Name (to tell your passkeys apart)').fill('Test key');
  await expectNoSeriousAxe(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create the passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('Test key')).toBeVisible();
  await expectNoSeriousAxe(page, 'section[aria-labelledby="settings-passkeys"]');

  // signed out, 'Sign in with a passkey' signs in without the address or the password
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto('/login');
  await expectNoSeriousAxe(page, 'form');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/(home|notifications-setup)$/);
  expect((await (await page.request.get('/api/me')).json()).user.username).toBe(user.username);

  // removed, it is refused
  await page.goto('/settings');
  await section.getByRole('button', { name: 'Remove the passkey Test key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('No passkey yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey was not accepted. Try again, or sign in with your password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('with two-factor sign-in on, a passkey stands in for the code after the password', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin() });
  const page = await context.newPage();
  await withVirtualAuthenticator(page);
  const user = newUser('pk2fa');
  await signUpViaApi(page, user);

  // a passkey first (two-factor sign-in is still off), then the app's codes
  await page.goto('/settings');
  const passkeysSection = page.getByRole('region', { name: 'Passkeys' });
  await passkeysSection.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Create the passkey' }).click();
  await expect(passkeysSection.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  const setup = await page.request.post('/api/me/two-factor/setup', { data: { password: user.password } });
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  expect((await page.request.post('/api/me/two-factor/enable', { data: { code } })).status()).toBe(200);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/(home|notifications-setup)$/);
  expect((await (await page.request.get('/api/me')).json()).user.username).toBe(user.username);
  await context.close();
});

async function expectNoSeriousAxe(page: Page, include: string) {
  const axe = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}
