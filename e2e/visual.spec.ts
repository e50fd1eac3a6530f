import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { showcase } from './showcase';

/**
 * The key screens look as they did (decision 322): the showcase's fixed people and texts at
 * 390x844, light theme, English, no motion, compared with the committed baselines. Relative times
 * are masked. After an intended change of look: `--update-snapshots`.
 */
test.use({ locale: 'en-GB', colorScheme: 'light', reducedMotion: 'reduce' });

const SCREENS = [
  { name: 'home', path: '/home', ready: (page: Page) => page.getByText('Cats or dogs?') },
  { name: 'profile', path: '/profile', ready: (page: Page) => page.getByText('Dumplings, and you are folding them.') },
  { name: 'inbox', path: '/questions', ready: (page: Page) => page.getByText('Where should we go hiking next month?') },
];

/** The screen, with the splash gone, the fonts in and nothing left loading. */
async function settled(page: Page, path: string, ready: (page: Page) => ReturnType<Page['getByText']>): Promise<void> {
  // the install prompt (its own spec) would cover the feed
  await page.addInitScript(() => localStorage.setItem('askbox.installPromptShownAt', String(Date.now())));
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading Askbox' })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // pictures in (not 'networkidle': the live updates' stream stays open)
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

const look = { maxDiffPixelRatio: 0.02, animations: 'disabled', caret: 'hide' } as const;

test('the login screen looks as it did', async ({ page }) => {
  await settled(page, '/login', (p) => p.getByRole('heading', { name: 'Welcome back!' }));
  await expect(page).toHaveScreenshot('login.png', look);
});

test('the home feed, the profile and the inbox look as they did', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await showcase(browser);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  for (const screen of SCREENS) {
    await settled(page, screen.path, screen.ready);
    // relative times, and the profile's own link (it holds the test server's port)
    await expect(page).toHaveScreenshot(`${screen.name}.png`, { ...look, mask: [page.locator('time'), page.getByTestId('share-link')] });
  }
  await context.close();
});
