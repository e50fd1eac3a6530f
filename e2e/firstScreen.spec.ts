import type { Page } from '@playwright/test';
import { expect, newUser, signedInUser, signUpViaApi, test } from './fixtures';

/** The URLs the page asks for from now on, in order. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname + new URL(request.url()).search));
  return urls;
}

/** The chunk files a page's HTML names in its modulepreload hints. */
async function hintedChunks(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((m) => m[1]!);
}

test("/home's page names its screen's code, and its first feed page is asked for once, beside the session", async ({ browser }) => {
  const me = await signedInUser(browser, 'boot');
  const page = me.page;
  expect((await hintedChunks(page, '/home')).some((file) => file.startsWith('HomeScreen-'))).toBe(true);

  const requests = recordRequests(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Accueil', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Feed' }).or(page.getByText('No posts to show'))).toBeVisible();
  const feedPages = requests.filter((url) => url.startsWith('/api/feed?'));
  expect(feedPages).toHaveLength(1);
  // asked for with the session, before the app's frame mounted (which asks for the settings), not
  // once the screen's chunk had arrived and mounted under the splash
  expect(requests.indexOf(feedPages[0]!)).toBeLessThan(requests.indexOf('/api/me/settings'));
  await me.context.close();
});

test("a profile's link opened signed out loads the small 'Authentication Required' screen, not the profile's", async ({ browser }) => {
  const owner = await signedInUser(browser, 'hint');
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const hinted = await hintedChunks(page, `/u/${owner.user.username}`);
  expect(hinted.some((file) => file.startsWith('SignedOutProfileScreen-'))).toBe(true);
  expect(hinted.some((file) => file.startsWith('PublicProfileScreen-'))).toBe(false);

  const requests = recordRequests(page);
  await page.goto(`/u/${owner.user.username}`);
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  expect(requests.filter((url) => url.includes('/assets/PublicProfileScreen-'))).toEqual([]);

  // signed in, the same link's page names the profile's screen, which shows
  await signUpViaApi(page, newUser('hintread'));
  expect((await hintedChunks(page, `/u/${owner.user.username}`)).some((file) => file.startsWith('PublicProfileScreen-'))).toBe(true);
  await page.goto(`/u/${owner.user.username}`);
  await expect(page.getByRole('heading', { name: owner.user.fullname, level: 1 })).toBeVisible();
  await visitor.close();
  await owner.context.close();
});
