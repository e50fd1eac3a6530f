import { expect, freezeClock, gotoWithFrozenClock, newUser, signUpViaApi, test } from './fixtures';

test('the tab bar hides on scroll down, shows on scroll up, and the current tab scrolls to the top', async ({ page }) => {
  await signUpViaApi(page, newUser('nav'));
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar).toBeInViewport();
  // a new user's feed is short: make the page long enough to scroll, like a full feed
  await page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '4000px';
    filler.setAttribute('data-testid', 'filler');
    document.querySelector('main')!.append(filler);
  });

  await page.mouse.move(195, 400);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  await expect(bar).not.toBeInViewport();

  await page.mouse.wheel(0, -300);
  await expect(bar).toBeInViewport();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(300);

  // tapping the tab you are on scrolls back to the top and stays on the screen
  await bar.getByRole('link', { name: 'Accueil' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL(/\/home$/);

  // another tab navigates
  await bar.getByRole('link', { name: 'Questions' }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await expect(bar.getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
});

test('on a desktop screen the app is a centred 500 px column with the navigation at its side and suggestions on the right', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, newUser('wide'));
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar).toBeVisible();
  const column = (await page.locator('main').boundingBox())!;
  expect(column.width).toBe(498); // the 500 px column inside its 1 px side borders
  expect(Math.round(column.x + column.width / 2)).toBe(640);
  // a side navigation left of the column, from the top: no bar under it on a desktop
  const side = (await bar.boundingBox())!;
  expect(side.x + side.width).toBeLessThanOrEqual(column.x);
  expect(side.y).toBe(0);
  await expect(bar.getByRole('link', { name: 'Askbox' })).toBeVisible();
  // a right rail with recommended people and the invite card, right of the column
  const rail = page.getByRole('complementary', { name: 'Suggestions' });
  await expect(rail.getByRole('heading', { name: 'Invite your friends' })).toBeVisible();
  expect((await rail.boundingBox())!.x).toBeGreaterThanOrEqual(column.x + column.width);
  // 'Ask someone' starts at the Friends search, ready to type
  await bar.getByRole('link', { name: 'Ask someone' }).click();
  await expect(page).toHaveURL(/\/friends$/);
  await expect(page.getByRole('searchbox', { name: 'Add or search friends' })).toBeFocused();
  // another person's profile keeps the side navigation on a desktop
  const other = newUser('beside');
  const otherContext = await browser.newContext();
  await signUpViaApi(await otherContext.newPage(), other);
  await otherContext.close();
  await page.goto(`/u/${other.username}`);
  await expect(page.getByRole('heading', { name: other.fullname })).toBeVisible();
  await expect(bar).toBeVisible();

  // on a phone, another person's profile is the spec's screen alone, with its back button
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toBeHidden();
  // a phone-sized window keeps the bottom tab bar
  await page.goto('/home');
  await expect(bar.getByRole('link', { name: 'Ask someone' })).toBeHidden();
  await expect(bar.getByRole('link', { name: 'Askbox' })).toBeHidden();
  const bottom = (await bar.boundingBox())!;
  expect(Math.round(bottom.width)).toBe(390);
  expect(Math.round(bottom.y + bottom.height)).toBe(844);
});

test('the splash shows the logo for at least 2 s, then fades out over 0.5 s', async ({ page }) => {
  await freezeClock(page);
  await gotoWithFrozenClock(page, '/onboarding');
  const splash = page.getByRole('status', { name: 'Loading Askbox' });
  await expect(splash).toBeVisible();
  // the screen mounts under the splash (its code and data load meanwhile), inert and hidden from
  // assistive technology until the splash lifts
  await page.clock.runFor(1000);
  await expect(page.getByText('Ask and Answer')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await page.clock.runFor(900);
  await expect(splash).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  await page.clock.runFor(200); // past 2 s: the screen is revealed, under the fading splash
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await page.clock.runFor(600); // the 0.5 s fade is over
  await expect(splash).toHaveCount(0);
});
