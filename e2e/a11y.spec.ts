import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-setup';
import { chooseCardAction, expect, newUser, signUpViaApi, test } from './fixtures';

/**
 * Every screen passes an axe-core scan with no serious or critical violation, in the light and
 * the dark theme (decision 122). Each screen is opened with real content: a question waiting, an
 * answer, a follower, so lists and cards are scanned, not only empty states.
 */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // still marked experimental by axe, so off unless asked for: a button's name must contain its visible text
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Waits for the screen itself (the splash gone, the data in), then scans. */
async function scan(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(url);
  await ready(page);
  await expect(page.locator('[aria-label="Loading Askbox"]')).toHaveCount(0);
  return (await violations(page)).map((v) => `${url}: ${v}`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes axe in the ${colorScheme} theme`, async ({ page, browser, baseURL }) => {
    // some twenty screens, each loaded and scanned: three minutes on a loaded 2-core machine
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme });
    // the install prompt would cover home: it has its own scan below
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('show-install-prompt')) localStorage.setItem('askbox.installPromptShownAt', String(Date.now()));
    });

    const found: string[] = [];
    // signed out
    found.push(...(await scan(page, '/onboarding', async (p) => expect(p.getByText('Ask and Answer')).toBeVisible())));
    found.push(...(await scan(page, '/signup', heading('Create an account now'))));
    found.push(...(await scan(page, '/login', heading('Welcome back!'))));
    found.push(...(await scan(page, '/forgot-password', heading('Reset your password'))));
    found.push(...(await scan(page, '/reset-password', heading('Choose a new password'))));
    found.push(...(await scan(page, '/unsubscribe', heading('Stop email notifications?'))));

    // someone asks, answers and follows, so the screens have content
    const me = newUser('a11y');
    const other = newUser('peer');
    const otherContext = await browser.newContext({ baseURL });
    await signUpViaApi(await otherContext.newPage(), other);
    await signUpViaApi(page, me);
    const peer = otherContext.request;
    expect((await peer.post(`/api/users/${me.username}/questions`, { data: { text: 'What is your favourite colour?', isAnonymous: true } })).status()).toBe(
      201,
    );
    expect((await peer.post(`/api/users/${me.username}/follow`)).status()).toBeLessThan(300);
    const asked = await page.request.post(`/api/users/${me.username}/questions`, { data: { text: 'Note to self @' + other.username, isAnonymous: false } });
    const { id } = await asked.json();
    expect((await page.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Answered, with a link to @' + other.username } })).status()).toBe(204);
    expect((await page.request.post(`/api/users/${other.username}/follow`)).status()).toBeLessThan(300);
    // the peer answers a question of their own: my home feed shows it
    const own = await (await peer.post(`/api/users/${other.username}/questions`, { data: { text: 'Peer question', isAnonymous: false } })).json();
    expect((await peer.post(`/api/questions/${own.id}/answer`, { data: { answer: 'The peer answers, for the feed' } })).status()).toBe(204);
    await otherContext.close();

    found.push(...(await scan(page, '/notifications-setup', heading('Turn on notifications'))));
    found.push(...(await scan(page, '/home', async (p) => expect(p.getByText('The peer answers, for the feed')).toBeVisible())));
    found.push(...(await scan(page, '/friends', heading('RECOMMENDED FRIENDS'))));
    found.push(...(await scan(page, '/questions', async (p) => expect(p.getByText('What is your favourite colour?')).toBeVisible())));
    found.push(...(await scan(page, '/notifications', async (p) => expect(p.getByText('started following you!')).toBeVisible())));
    found.push(...(await scan(page, '/profile', async (p) => expect(p.getByText('Answered, with a link to', { exact: false })).toBeVisible())));
    found.push(...(await scan(page, '/edit-profile', heading('Edit profil'))));
    found.push(...(await scan(page, '/settings', heading('Settings'))));
    found.push(
      ...(await scan(page, '/settings/questions-asked', async (p) => expect(p.getByText('Answered, with a link to', { exact: false })).toBeVisible())),
    );
    found.push(...(await scan(page, `/u/${other.username}`, async (p) => expect(p.getByRole('button', { name: 'Following', exact: true })).toBeVisible())));
    found.push(...(await scan(page, '/no-such-page', heading('Page not found'))));

    // the install prompt, over home
    await page.evaluate(() => {
      sessionStorage.setItem('show-install-prompt', '1');
      localStorage.removeItem('askbox.installPromptShownAt');
    });
    await page.goto('/home');
    await expect(page.getByRole('dialog', { name: 'Installer Askbox' })).toBeVisible({ timeout: 15_000 });
    found.push(...(await violations(page)).map((v) => `install prompt: ${v}`));

    // the followers list modal on the profile
    await page.goto('/profile');
    // the splash lets clicks through while it fades: wait until it is gone, or axe measures it mid-fade
    await expect(page.locator('[aria-label="Loading Askbox"]')).toHaveCount(0);
    await page.getByRole('button', { name: /Followers/ }).click();
    await expect(page.getByRole('dialog', { name: 'Followers' })).toBeVisible();
    found.push(...(await violations(page)).map((v) => `followers modal: ${v}`));

    // the share sheet of my answer: the image only while the profile is private, the whole sheet once public
    await page.keyboard.press('Escape');
    for (const publicProfile of [false, true]) {
      expect((await page.request.patch('/api/me/settings', { data: { publicProfile } })).status()).toBe(200);
      await page.goto('/profile');
      await expect(page.locator('[aria-label="Loading Askbox"]')).toHaveCount(0);
      await chooseCardAction(page.getByRole('article').first(), 'Share answer');
      const sheet = page.getByRole('dialog', { name: 'Share answer' });
      await expect(sheet.getByRole('link', { name: 'Download image' })).toBeVisible();
      if (publicProfile) await sheet.getByRole('button', { name: 'Share on Mastodon' }).click();
      found.push(...(await violations(page)).map((v) => `share sheet (${publicProfile ? 'public' : 'private'}): ${v}`));
    }

    // the desktop layout: the side navigation, with its selected item on the soft accent fill
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [url, text] of [
      ['/home', 'The peer answers, for the feed'],
      ['/notifications', 'started following you!'],
    ] as const) {
      found.push(...(await scan(page, url, async (p) => expect(p.getByText(text)).toBeVisible())).map((v) => `desktop ${v}`));
    }

    expect(found).toEqual([]);
  });
}

test('the moderation queue passes axe in both themes, with a report waiting', async ({ page, browser, baseURL }) => {
  // someone answers, someone else reports the answer: the admin's queue has a card to scan
  const owner = newUser('a11ymod');
  const reporter = newUser('a11yrep');
  const ownerContext = await browser.newContext({ baseURL });
  const reporterContext = await browser.newContext({ baseURL });
  await signUpViaApi(await ownerContext.newPage(), owner);
  await signUpViaApi(await reporterContext.newPage(), reporter);
  const asked = await ownerContext.request.post(`/api/users/${owner.username}/questions`, { data: { text: 'A question to report', isAnonymous: false } });
  const { id } = (await asked.json()) as { id: string };
  expect((await ownerContext.request.post(`/api/questions/${id}/answer`, { data: { answer: 'An answer someone reports' } })).status()).toBe(204);
  const report = await reporterContext.request.post('/api/reports', { data: { kind: 'answer', target: id, reason: 'spam', details: 'for the scan' } });
  expect(report.status(), await report.text()).toBeLessThan(300);
  await Promise.all([ownerContext.close(), reporterContext.close()]);

  // the install prompt has its own scan
  await page.addInitScript(() => localStorage.setItem('askbox.installPromptShownAt', String(Date.now())));
  const login = await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(login.status()).toBe(200);
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const inTheme = await scan(page, '/settings/moderation', async (p) => expect(p.getByText('An answer someone reports')).toBeVisible());
    found.push(...inTheme.map((v) => `${colorScheme}: ${v}`));
  }
  expect(found).toEqual([]);
});

test('Settings › Theme pins dark or light over the system, on the account and after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUpViaApi(page, newUser('theme'));
  await page.goto('/settings');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  const light = await background();

  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).not.toBe(light);
  await expect.poll(async () => (await (await page.request.get('/api/me/settings')).json()).theme).toBe('dark');
  await page.screenshot({ path: test.info().outputPath('settings-dark.png') });

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // back to the system's choice: no attribute, the light system wins again
  await page.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  await expect.poll(background).toBe(light);
});

test('motion follows the system: no spinning or sliding when reduced motion is asked for', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpViaApi(page, newUser('still'));
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  const slide = () => bar.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  // an animated element, as the spinner and the splash fade are: the app's CSS decides its duration
  const spin = () =>
    page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.animation = 'probe-spin 0.8s linear infinite';
      document.body.append(probe);
      const { animationDuration, animationIterationCount } = getComputedStyle(probe);
      probe.remove();
      return { duration: parseFloat(animationDuration), count: animationIterationCount };
    });
  expect(await slide()).toBeLessThan(0.001);
  expect(await spin()).toEqual({ duration: expect.any(Number), count: '1' });
  expect((await spin()).duration).toBeLessThan(0.001);

  // the same screen with no preference moves as designed
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await slide()).toBeGreaterThan(0.1);
  expect(await spin()).toEqual({ duration: 0.8, count: 'infinite' });
});

test('each route has its own document title', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in · Askbox');
  // reached by a link (no page load): the screen sets its own title, not Log in's
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle('Forgot password · Askbox');
  await page.goto('/reset-password?token=not-a-token');
  await expect(page).toHaveTitle('New password · Askbox');
  await page.goto('/unsubscribe?token=not-a-token');
  await expect(page).toHaveTitle('Unsubscribe · Askbox');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign up · Askbox');
  await signUpViaApi(page, newUser('title'));
  const titles: Record<string, string> = {
    '/home': 'Accueil · Askbox',
    '/friends': 'Friends · Askbox',
    '/questions': 'Questions · Askbox',
    '/notifications': 'Notifications · Askbox',
    '/profile': 'Profile · Askbox',
    '/edit-profile': 'Edit profil · Askbox',
    '/settings': 'Settings · Askbox',
    '/settings/questions-asked': 'Questions I asked · Askbox',
  };
  for (const [url, title] of Object.entries(titles)) {
    await page.goto(url);
    await expect(page).toHaveTitle(title);
  }
});
