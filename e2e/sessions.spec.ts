import AxeBuilder from '@axe-core/playwright';
import { expect, signedInUser, test } from './fixtures';

/** A second device: another browser, another system, so the two rows of 'Your sessions' differ. */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('Settings › Your sessions lists both devices, marks this one, and signs the other out: it finds itself signed out on its next page', async ({
  browser,
}) => {
  const laptop = await signedInUser(browser, 'twosessions');
  const other = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill(laptop.user.email);
  await otherPage.getByLabel('Password', { exact: true }).fill(laptop.user.password);
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/\/(home|notifications-setup)$/);

  await laptop.page.goto('/settings');
  const section = laptop.page.getByRole('region', { name: 'Your sessions' });
  const rows = section.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.nth(1)).toContainText('Firefox on Windows');
  await expect(rows.nth(1)).not.toContainText('This device');
  // this device signs out with Logout: its row has no button of its own
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  // the list with two devices passes axe (a button's name holds its visible text)
  const axe = await new AxeBuilder({ page: laptop.page })
    .include('section[aria-labelledby="settings-sessions"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await section.screenshot({ path: test.info().outputPath('your-sessions.png') });

  await section.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
  await expect(rows).toHaveCount(1);
  await expect(section.getByText('No other device is signed in.')).toBeVisible();

  // the other device, on its next page, is signed out
  await otherPage.goto('/settings');
  await expect(otherPage).toHaveURL(/\/onboarding$/);
  // this device is still signed in
  await laptop.page.reload();
  await expect(laptop.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await other.close();
  await laptop.context.close();
});

test("'Sign out all other sessions' asks first, then keeps only this device", async ({ browser }) => {
  const me = await signedInUser(browser, 'allothers');
  const phones = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
    const login = await context.request.post('/api/auth/login', { data: { email: me.user.email, password: me.user.password } });
    expect(login.status()).toBe(200);
    phones.push(context);
  }

  await me.page.goto('/settings');
  const section = me.page.getByRole('region', { name: 'Your sessions' });
  await expect(section.getByRole('listitem')).toHaveCount(3);
  await section.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const dialog = me.page.getByRole('alertdialog');
  await expect(dialog).toContainText('Every other device will have to sign in again.');
  await dialog.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText('This device');

  for (const context of phones) {
    const me2 = await context.request.get('/api/me');
    expect((await me2.json()).user).toBeNull();
    await context.close();
  }
  await me.context.close();
});
