import { expect, signedInUser, test } from './fixtures';

test('the own profile does not move when its counters arrive late (layout shift under 0.1)', async ({ browser }) => {
  const me = await signedInUser(browser, 'clsme');
  const page = me.page;
  // a loaded server: the counters come after the splash has gone and the rest is on screen
  await page.route(`**/api/users/${me.user.username}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: me.user.fullname, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await page.waitForTimeout(300);
  const total = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
  expect(total).toBeLessThan(0.1);
  await me.context.close();
});
