import { expect, newUser, signUpViaApi, test } from './fixtures';

// Offline (decision 180): the last feed, profile and inbox of this device's user open from the
// kept query cache, their pictures from the service worker's image cache, under an honest banner;
// logging out forgets that cache.
test('offline, the last feed, profile and inbox show with their pictures; logout forgets them', async ({ browser, baseURL }) => {
  const reader = newUser('offr');
  const writer = newUser('offw');
  const writerContext = await browser.newContext({ baseURL });
  const writerPage = await writerContext.newPage();
  await signUpViaApi(writerPage, writer);
  // the writer has an uploaded picture (served from /media/) and an answer
  const icon = await writerPage.request.get('/icons/apple-touch-icon.png');
  const uploaded = await writerPage.request.post('/api/me/avatar', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: await icon.body() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await uploaded.json()).user.photoURL).toMatch(/^\/media\//);
  const asked = await writerPage.request.post(`/api/users/${writer.username}/questions`, { data: { text: 'Kept question', isAnonymous: false } });
  const { id } = await asked.json();
  expect((await writerPage.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Kept offline answer' } })).status()).toBe(204);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpViaApi(page, reader);
  expect((await page.request.post(`/api/users/${writer.username}/follow`)).ok()).toBe(true);
  // the writer asks the reader something, by name: it waits in the reader's inbox
  await writerPage.request.post(`/api/users/${reader.username}/questions`, { data: { text: 'Waiting in the inbox', isAnonymous: false } });

  // online: home, the writer's profile and the inbox, once each
  await page.goto('/home');
  const feedPost = page.getByRole('region', { name: 'Feed' }).locator('article', { hasText: 'Kept offline answer' });
  await expect(feedPost).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const avatar = feedPost.locator('img[src^="/media/"]').first();
  await expect(avatar).toBeVisible();
  await page.goto(`/u/${writer.username}`);
  await expect(page.getByText('Kept offline answer')).toBeVisible();
  await page.goto('/questions');
  await expect(page.getByText('Waiting in the inbox')).toBeVisible();
  // the pictures shown since the worker took control are in its cache; the query cache is saved within a second
  await page.goto('/home');
  await expect(avatar).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('askbox.offline.user'))).not.toBeNull();
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('askbox-images')).keys()).length)).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline. Some content may be unavailable until you reconnect.')).toBeVisible();
  await expect(feedPost).toBeVisible();
  // the picture came from the cache: decoded, not a broken image
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // moving around offline: the profile and the inbox as last seen
  await page.getByRole('link', { name: writer.username }).first().click();
  await expect(page.getByText('Kept offline answer')).toBeVisible();
  await page.goto('/questions');
  await expect(page.getByText('Waiting in the inbox')).toBeVisible();
  // the fixed banner pushes the screen down: the title is below it, not under it
  const bannerBottom = await page
    .getByRole('status')
    .filter({ hasText: 'You are offline' })
    .evaluate((el) => el.getBoundingClientRect().bottom);
  const titleTop = await page.getByRole('heading', { level: 1 }).evaluate((el) => el.getBoundingClientRect().top);
  expect(titleTop).toBeGreaterThanOrEqual(bannerBottom);
  // a profile never opened on this device says why it is empty instead of spinning
  await page.goto('/u/bench_admin_never_seen');
  await expect(page.getByText('You are offline. This will load when you reconnect.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading profile' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-inbox.png') });

  // back online and logged out: the cache of this user is gone from the device
  await context.setOffline(false);
  await page.goto('/settings');
  await page.getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('askbox.offline.')))).toEqual([]);
  await writerContext.close();
  await context.close();
});
