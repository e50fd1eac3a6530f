import { expect, signedInUser, test } from './fixtures';

/** A 4×3 PNG made in the page (no file on disk): the answer's picture. */
async function pngBytes(page: import('@playwright/test').Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#3a7bd5';
    context.fillRect(0, 0, 400, 300);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test('an answer with a content warning and a picture with alt text: collapsed in a follower’s feed, revealed by Show, the image with its alt', async ({
  browser,
}) => {
  const owner = await signedInUser(browser, 'cwowner');
  const follower = await signedInUser(browser, 'cwreader');
  expect((await follower.page.request.post(`/api/users/${owner.user.username}/follow`)).ok()).toBe(true);
  const asked = await follower.page.request.post(`/api/users/${owner.user.username}/questions`, { data: { text: 'How did the film end?', isAnonymous: true } });
  expect(asked.ok()).toBe(true);

  const { page } = owner;
  await page.goto('/questions');
  const item = page.getByRole('article').filter({ hasText: 'How did the film end?' });
  await item.getByRole('button', { name: 'Answer' }).click();
  await item.getByLabel('Your answer').fill('Everyone meets again at the station.');
  await item.getByRole('checkbox', { name: 'Content warning' }).check();
  await item.getByRole('textbox', { name: 'What is the answer about? (shown first)' }).fill('Spoilers: the ending');
  await item
    .getByText('Add a picture')
    .locator('input[type=file]')
    .setInputFiles({ name: 'station.png', mimeType: 'image/png', buffer: await pngBytes(page) });
  // a picture is not sent without its alt text, and the form says so beside Send
  const send = item.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('Describe the picture (alt text) for those who cannot see it');
  await item.getByLabel('Alt text').fill('A blue railway station at dusk');
  await item.getByRole('button', { name: 'Send' }).click();
  const sharePrompt = page.getByRole('dialog', { name: 'Share your answer?' });
  await sharePrompt.getByRole('button', { name: 'Not now' }).click();

  // the follower's feed: the warning and 'Show', the answer hidden until opened
  await follower.page.goto('/home');
  const card = follower.page.getByRole('article').filter({ hasText: 'How did the film end?' });
  await expect(card.getByText('Spoilers: the ending')).toBeVisible();
  await expect(card.getByText('Everyone meets again at the station.')).toHaveCount(0);
  const show = card.getByRole('button', { name: 'Show' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  // keyboard: focus the button and press Enter
  await show.focus();
  await follower.page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('Everyone meets again at the station.')).toBeVisible();
  const picture = card.getByRole('img', { name: 'A blue railway station at dusk' });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('loading', 'lazy');
  // its box is reserved at the picture's proportions
  await expect(picture).toHaveAttribute('width', '400');
  await expect(picture).toHaveAttribute('height', '300');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await picture.boundingBox())!;
  expect(Math.round((box.width / box.height) * 3)).toBe(4);
  await follower.page.screenshot({ path: 'test-results/answer-extras-feed.png' });

  for (const c of [owner.context, follower.context]) await c.close();
});
