import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { newUser, signUpThroughUi, signUpViaApi, type NewUser } from './fixtures';
import { root, startApp } from './app-server';

/**
 * First-run journeys on an EMPTY instance with the defaults (no DEFAULT_FOLLOWS): this file starts
 * its own app, so the first account here really is the first one. Tests run in order: the first
 * signs up the operator.
 */
const test = base.extend<object, { freshInstance: string }>({
  freshInstance: [
    async ({}, use) => {
      const app = await startApp();
      await use(app.baseURL);
      await app.stop();
    },
    // a fresh embedded database migrates on start: slow on a busy machine
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ freshInstance }, use) => {
    await use(freshInstance);
  },
});
test.describe.configure({ mode: 'serial' });
// the install prompt (its own test below) would cover the screens in the screenshots
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('e2e.keepInstallPrompt')) localStorage.setItem('askbox.installPromptShownAt', String(Date.now()));
  });
});

const shots = path.join(root, 'test-results', 'firstrun-shots');
/** Screenshots at phone and desktop widths, looked at by a person (not compared). */
async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150); // layout settles after the resize
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

const operator = newUser('operator');
const team = newUser('team');

async function answerOwnQuestion(page: Page, username: string, text: string, answer: string): Promise<string> {
  const asked = await page.request.post(`/api/users/${username}/questions`, { data: { text, isAnonymous: false } });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  const answered = await page.request.post(`/api/questions/${id}/answer`, { data: { answer } });
  expect(answered.status(), await answered.text()).toBe(204);
  return id;
}

test('the first account on an empty instance becomes its admin; the next ones do not', async ({ page, browser }) => {
  await signUpThroughUi(page, operator);
  // the welcome step tells the first account it is the admin, and where the admin tools are
  const welcome = page.getByRole('region', { name: `Welcome, ${operator.fullname}!` });
  await expect(welcome).toContainText('You created the first account of this Askbox: you are its admin.');
  await screenshots(page, 'welcome-admin');
  await welcome.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Admin Features')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Global Question to All Users' })).toBeVisible();
  await screenshots(page, 'admin-settings');

  const other = await browser.newPage();
  await signUpViaApi(other, team);
  await other.goto('/settings');
  await expect(other.getByRole('heading', { name: 'Blocked users' })).toBeVisible();
  await expect(other.getByText('Admin Features')).toHaveCount(0);
  await other.close();
});

test('a newcomer follows the first accounts; the empty feed keeps its text and leads to Friends and people to follow', async ({ page, browser }) => {
  const third = await browser.newPage(); // someone to suggest besides the two first accounts
  await signUpViaApi(third, newUser('third'));
  await third.close();
  const me = newUser('newcomer');
  await signUpThroughUi(page, me);
  // the welcome step suggests people first; skipped, the empty feed suggests them
  const welcome = page.getByRole('region', { name: `Welcome, ${me.fullname}!` });
  await expect(welcome.getByRole('list', { name: 'Three people to follow' }).getByRole('listitem').first()).toBeVisible();
  await expect(welcome.getByText(/you are its admin/)).toHaveCount(0);
  await welcome.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('No posts to show')).toBeVisible();
  await expect(page.getByText('Follow more people to see their answers!')).toBeVisible();
  const suggestions = page.getByRole('list', { name: 'People to follow' });
  await expect(suggestions.getByRole('listitem').first()).toBeVisible();
  await screenshots(page, 'empty-feed');

  const profile = await (await page.request.get(`/api/users/${me.username}`)).json();
  expect(profile.counts.followings).toBe(2); // the operator and the second account

  await page.getByRole('link', { name: 'Find friends' }).click();
  await expect(page).toHaveURL(/\/friends$/);
  await expect(page.getByRole('heading', { name: 'RECOMMENDED FRIENDS' })).toBeVisible();
});

test('likes of one answer on one day are one row, expandable to everyone, newest first', async ({ page, browser }) => {
  await page.request.post('/api/auth/login', { data: { email: operator.email, password: operator.password } });
  const answerId = await answerOwnQuestion(page, operator.username, 'What should we build first?', 'A place where friends ask each other anything.');
  const fans: NewUser[] = [];
  for (let i = 0; i < 4; i += 1) {
    const fan = newUser(`fan${i}`);
    const fanPage = await browser.newPage();
    await signUpViaApi(fanPage, fan);
    expect((await fanPage.request.post(`/api/answers/${answerId}/like`)).ok()).toBe(true);
    await fanPage.close();
    fans.push(fan);
  }
  await page.goto('/notifications');
  const rows = page.getByTestId('activity-group');
  const liked = rows.filter({ hasText: 'liked your answer' });
  await expect(liked).toHaveCount(1);
  await expect(liked).toContainText(`${fans[3]!.fullname} and 3 others liked your answer`);
  await page.getByRole('button', { name: 'Show all 4' }).click();
  const everyone = page.getByRole('list', { name: `${fans[3]!.fullname} and 3 others` });
  await expect(everyone.getByRole('listitem')).toHaveCount(4);
  await expect(everyone.getByRole('listitem').first()).toContainText(fans[3]!.fullname);
  await expect(everyone.getByRole('listitem').last()).toContainText(fans[0]!.fullname);
  await screenshots(page, 'grouped-notifications');
});

test('each tab keeps its own scroll position; a screen opened for the first time starts at its top', async ({ page, browser, baseURL }) => {
  await page.request.post('/api/auth/login', { data: { email: operator.email, password: operator.password } });
  for (let i = 0; i < 14; i += 1)
    await answerOwnQuestion(page, operator.username, `Question number ${i}?`, `Answer number ${i}, long enough to take some room on a phone screen.`);
  const reader = newUser('reader');
  await signUpViaApi(page, reader); // follows the operator by default
  await page.goto('/home');
  await expect(page.getByRole('article').first()).toBeVisible();
  await screenshots(page, 'home-feed');
  // down, then a little up: the tab bar hides while scrolling down and comes back on the way up
  await page.evaluate(() => window.scrollTo(0, 1400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1400);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await nav.getByRole('link', { name: 'Friends', exact: true }).click();
  await expect(page).toHaveURL(/\/friends$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await nav.getByRole('link', { name: 'Accueil' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);

  // a new answer: the 'New answers' pill floats centred over the top of the list
  const operatorContext = await browser.newContext({ baseURL });
  const operatorPage = await operatorContext.newPage();
  await operatorPage.request.post('/api/auth/login', { data: { email: operator.email, password: operator.password } });
  await answerOwnQuestion(operatorPage, operator.username, 'One more?', 'A fresh answer.');
  await operatorContext.close();
  const pill = page.getByRole('button', { name: /New answers/ });
  await expect(pill).toBeVisible({ timeout: 40_000 }); // live event, else the 30 s poll
  const pillBox = (await pill.boundingBox())!;
  const column = (await page.locator('main').boundingBox())!;
  expect(Math.abs(pillBox.x + pillBox.width / 2 - (column.x + column.width / 2))).toBeLessThanOrEqual(2);
  await screenshots(page, 'new-answers-pill');
});

test('a file that is not an image is refused at once next to the picker, above the tab bar, keeping the picture', async ({ page }) => {
  const me = newUser('picker');
  await signUpViaApi(page, me);
  await page.goto('/edit-profile');
  await page
    .getByLabel('Change profile picture')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('This file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).');
  await expect(page.getByRole('img', { name: `${me.fullname} (preview)` })).toHaveAttribute('data-default-avatar', '');
  const box = (await alert.boundingBox())!;
  const bar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  await screenshots(page, 'refused-file');
});

test('where the browser offers it, the install prompt installs in one click; no focus ring on open', async ({ page }) => {
  const me = newUser('installer');
  await signUpViaApi(page, me);
  await page.addInitScript(() => {
    sessionStorage.setItem('e2e.keepInstallPrompt', '1');
    localStorage.removeItem('askbox.installPromptShownAt');
    // Chromium's event, as a desktop or Android Chromium fires it (headless fires none)
    window.addEventListener('DOMContentLoaded', () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    });
  });
  await page.goto('/home');
  const prompt = page.getByRole('dialog', { name: 'Installer Askbox' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt.getByRole('button', { name: 'Plus tard' })).toBeVisible();
  await expect(prompt.getByRole('button', { name: "J'ai compris" })).toBeVisible();
  const outline = await prompt.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('none');
  await screenshots(page, 'install-prompt');
  await prompt.getByRole('button', { name: "Installer l'application" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);
  await expect(prompt).toHaveCount(0);
});
