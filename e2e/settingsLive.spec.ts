import { expect, signedInUser, test } from './fixtures';

test('a language and theme chosen on another device reach an open app live, without a reload', async ({ browser }) => {
  const me = await signedInUser(browser, 'twodevices');
  const tablet = await browser.newContext();
  const login = await tablet.request.post('/api/auth/login', { data: { email: me.user.email, password: me.user.password } });
  expect(login.status()).toBe(200);

  await me.page.goto('/home');
  await expect(me.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(me.page.locator('html')).toHaveAttribute('lang', 'en');
  await me.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const changed = await tablet.request.patch('/api/me/settings', { data: { locale: 'fr', theme: 'dark' } });
  expect(changed.status()).toBe(200);

  await expect(me.page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(me.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(me.page.getByRole('link', { name: 'Amis' }).first()).toBeVisible();
  expect(await me.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await tablet.close();
  await me.context.close();
});
