import type { Locator } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

/** Whether two on-screen boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

test("on a phone, the 'New answers' pill of an empty feed covers neither the title nor the feed's text", async ({ page, browser }, testInfo) => {
  const peer = await signedInUser(browser, 'pillpeer');
  const me = await signedInUser(browser, 'pillme');
  expect((await me.page.request.post(`/api/users/${peer.user.username}/follow`)).status()).toBeLessThan(300);
  await page.close();
  const home = me.page;
  await home.goto('/home');
  await expect(home.getByText('No posts to show').first()).toBeVisible();

  const asked = await peer.page.request.post(`/api/users/${peer.user.username}/questions`, { data: { text: 'First one?', isAnonymous: false } });
  const { id } = (await asked.json()) as { id: string };
  expect((await peer.page.request.post(`/api/questions/${id}/answer`, { data: { answer: 'My first answer.' } })).status()).toBe(204);

  const pill = home.getByRole('button', { name: /New answers/ });
  await expect(pill).toBeVisible({ timeout: 40_000 }); // live event, else the 30 s poll
  expect(await overlap(pill, home.getByRole('heading', { name: 'Accueil', level: 1 }))).toBe(false);
  expect(await overlap(pill, home.getByText('No posts to show').first())).toBe(false);
  expect(await overlap(pill, home.getByText('Follow more people to see their answers!').first())).toBe(false);
  await home.screenshot({ path: testInfo.outputPath('pill-empty-feed-390.png') });
  await home.setViewportSize({ width: 1440, height: 900 });
  await home.screenshot({ path: testInfo.outputPath('pill-empty-feed-1440.png') });
  for (const c of [peer, me]) await c.context.close();
});
