import type { Page } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

/** Records every layout shift not caused by input, from the page's first paint; returns their sum when asked. */
async function recordShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}

/** A loaded server: this request is answered after the splash has gone and the rest is on screen. */
async function slow(page: Page, url: string): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await route.continue();
  });
}

test('the own profile does not move when its counters arrive late (layout shift under 0.1)', async ({ browser }) => {
  const me = await signedInUser(browser, 'clsme');
  const page = me.page;
  await slow(page, `**/api/users/${me.user.username}`);
  const totalShift = await recordShifts(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: me.user.fullname, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await totalShift()).toBeLessThan(0.1);
  await me.context.close();
});

test("someone else's profile keeps its header's room while it loads (layout shift under 0.1)", async ({ browser }) => {
  const owner = await signedInUser(browser, 'clsowner');
  const reader = await signedInUser(browser, 'clsreader');
  const page = reader.page;
  await slow(page, `**/api/users/${owner.user.username}`);
  const totalShift = await recordShifts(page);
  await page.goto(`/u/${owner.user.username}`);
  await expect(page.getByRole('heading', { name: owner.user.fullname, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await totalShift()).toBeLessThan(0.1);
  await owner.context.close();
  await reader.context.close();
});
