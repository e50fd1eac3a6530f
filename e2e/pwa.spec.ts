import { FROZEN_START, expect, freezeClock, gotoWithFrozenClock, newUser, runClockUntilVisible, signUpViaApi, test } from './fixtures';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test('the web app manifest is served, linked and valid, with real icons', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: expect.stringContaining('Askbox'), short_name: 'Askbox', display: 'standalone', start_url: '/home', scope: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const size of ['192x192', '512x512']) {
    expect(icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
  }
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  const apple = await request.get('/icons/apple-touch-icon.png');
  expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });

  await page.goto('/onboarding');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

  // the worker and the shell are always revalidated, hashed bundles are cached for good
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const bundle = await page.locator('script[type="module"]').getAttribute('src');
  expect((await request.get(bundle!)).headers()['cache-control']).toContain('immutable');
});

test('the service worker registers, and the app shell opens with the network offline and says so', async ({ page, context }) => {
  await page.goto('/onboarding');
  await expect(page.getByText('Ask and Answer')).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  // the worker controls the page once it has claimed it
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText('You are offline.', { exact: false })).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // the app itself (not the browser's error page) opens and tells the user
  await expect(page.getByText('You are offline. Some content may be unavailable until you reconnect.')).toBeVisible();
  // who is signed in cannot be known offline: the app says so instead of an endless splash
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

  // back online, the app carries on by itself
  await context.setOffline(false);
  await expect(page.getByText('Ask and Answer')).toBeVisible();
  await expect(page.getByText('You are offline', { exact: false })).toHaveCount(0);
});

test('the install prompt appears on home 3 s after load, once, and not again after "Plus tard"', async ({ page }) => {
  await freezeClock(page);
  await signUpViaApi(page, newUser('pwa'));
  await gotoWithFrozenClock(page, '/home');
  // the splash: 2 s, then a 0.5 s fade; home is revealed at 2 s
  await runClockUntilVisible(page, page.getByRole('navigation', { name: 'Main' }), 5000);
  const prompt = page.getByRole('dialog', { name: 'Installer Askbox' });

  await page.clock.runFor(2000); // 2.6 s after home appeared: not yet
  await expect(prompt).toHaveCount(0);
  await page.clock.runFor(1000); // past 3 s
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText("Ajoutez Askbox à votre écran d'accueil", { exact: false })).toBeVisible();
  // headless Chromium fires no beforeinstallprompt: the browser-menu instructions show instead
  await expect(prompt.getByText("Installer l'application")).toBeVisible();
  await expect(prompt.getByRole('button', { name: "J'ai compris" })).toBeVisible();
  await prompt.getByRole('button', { name: 'Plus tard' }).click();
  await expect(prompt).toHaveCount(0);
  const shownAt = await page.evaluate(() => localStorage.getItem('askbox.installPromptShownAt'));
  expect(Number(shownAt)).toBeGreaterThan(0);

  // back to home in the app, then a full reload: it stays away (30 days)
  await page.getByRole('link', { name: 'Friends', exact: true }).click();
  await page.getByRole('link', { name: 'Accueil' }).click();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await page.clock.runFor(5000);
  await expect(prompt).toHaveCount(0);
  const meAgain = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await page.reload();
  await meAgain;
  await runClockUntilVisible(page, page.getByRole('navigation', { name: 'Main' }), 5000);
  await page.clock.runFor(5000);
  await expect(prompt).toHaveCount(0);
});

test('Escape closes the install prompt from anywhere; it never takes the focus, and gives back focus it held', async ({ page }) => {
  await freezeClock(page);
  await signUpViaApi(page, newUser('pwakeys'));
  await gotoWithFrozenClock(page, '/home');
  await runClockUntilVisible(page, page.getByRole('navigation', { name: 'Main' }), 5000);
  const prompt = page.getByRole('dialog', { name: 'Installer Askbox' });
  const homeTab = page.getByRole('link', { name: 'Accueil' });

  // not modal: it opens without moving the focus, and Escape on the page closes it
  await page.clock.runFor(3100);
  await expect(prompt).toBeVisible();
  expect(await prompt.evaluate((sheet) => sheet.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);

  // shown again (the 30 days forgotten): its buttons are in the tab order, with a visible focus ring
  await page.evaluate(() => localStorage.removeItem('askbox.installPromptShownAt'));
  await page.getByRole('link', { name: 'Friends', exact: true }).click();
  await homeTab.click();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await page.clock.runFor(3100);
  await expect(prompt).toBeVisible();
  const profileTab = page.getByRole('link', { name: 'Profile' });
  await profileTab.focus();
  await page.keyboard.press('Tab'); // the sheet comes right after the navigation, before the feed
  await expect(prompt.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  const later = prompt.getByRole('button', { name: 'Plus tard' });
  await expect(later).toBeFocused();
  expect(await later.evaluate((button) => getComputedStyle(button).outlineStyle)).toBe('solid');
  await page.keyboard.press('Tab');
  await expect(prompt.getByRole('button', { name: "J'ai compris" })).toBeFocused();
  // Escape from inside closes it as 'Plus tard' would, and focus goes back where it came from
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);
  await expect(profileTab).toBeFocused();
});

test('the install prompt comes back after 30 days, with iOS instructions on an iPhone', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await freezeClock(page);
  await signUpViaApi(page, newUser('ios'));
  const thirtyOneDaysAgo = FROZEN_START.getTime() - 31 * 86_400_000;
  await page.addInitScript((at) => localStorage.setItem('askbox.installPromptShownAt', String(at)), thirtyOneDaysAgo);
  await gotoWithFrozenClock(page, '/home');
  await runClockUntilVisible(page, page.getByRole('navigation', { name: 'Main' }), 5000);
  await page.clock.runFor(3100);
  const prompt = page.getByRole('dialog', { name: 'Installer Askbox' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('Partager', { exact: true })).toBeVisible();
  await expect(prompt.getByText("Sur l'écran d'accueil")).toBeVisible();
  await prompt.getByRole('button', { name: "J'ai compris" }).click();
  await expect(prompt).toHaveCount(0);
  await context.close();
});
