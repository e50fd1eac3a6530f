import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { chooseCardAction, expect, signedInUser, test } from './fixtures';

/** A PNG's width and height, from the bytes of its header. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect(Array.from(bytes.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The browser boundary: a share sheet that takes files and records what it was given (what a phone's would receive). */
async function stubSystemShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { sharedToSystemSheet: shared });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data?: ShareData) => Array.isArray(data?.files) });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        const file = data.files![0]!;
        shared.push({ name: file.name, type: file.type, bytes: Array.from(new Uint8Array(await file.arrayBuffer()).slice(0, 24)), text: data.text });
      },
    });
  });
}

test('answering offers to share: the system sheet gets the story PNG; else Copy link and Mastodon on a chosen server; the page previews its card; private: download only', async ({
  browser,
}) => {
  const { context, page, user } = await signedInUser(browser, 'sharer');
  expect((await page.request.patch('/api/me/settings', { data: { publicProfile: true } })).status()).toBe(200);
  const asked = await page.request.post(`/api/users/${user.username}/questions`, { data: { text: 'Café or thé? ☕', isAnonymous: true } });
  const { id } = (await asked.json()) as { id: string };

  // answering: 'Share your answer?', and Share hands the story image to the system sheet
  await stubSystemShareSheet(page);
  await page.goto('/questions');
  const item = page.getByRole('article').filter({ hasText: 'Café or thé?' });
  await item.getByRole('button', { name: 'Answer' }).click();
  await item.getByLabel('Your answer').fill('Thé, always.');
  await item.getByRole('button', { name: 'Send' }).click();
  const prompt = page.getByRole('dialog', { name: 'Share your answer?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(prompt).toHaveCount(0);
  const shared = (await page.evaluate(() => (window as unknown as { sharedToSystemSheet: unknown[] }).sharedToSystemSheet)) as {
    name: string;
    type: string;
    bytes: number[];
    text: string;
  }[];
  expect(shared).toHaveLength(1);
  expect(shared[0]!.type).toBe('image/png');
  expect(shared[0]!.name).toMatch(/\.png$/);
  expect(pngSize(new Uint8Array(shared[0]!.bytes))).toEqual({ width: 1080, height: 1920 });
  expect(shared[0]!.text).toContain(`/u/${user.username}/answers/${id}`);

  // a browser without file sharing: Askbox's sheet
  const plain = await context.newPage();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await plain.goto('/profile');
  const post = plain.getByRole('article').filter({ hasText: 'Thé, always.' });
  await chooseCardAction(post, 'Share answer');
  const sheet = plain.getByRole('dialog', { name: 'Share answer' });
  await sheet.getByRole('button', { name: 'Copy link' }).click();
  await expect(plain.getByText('Link copied to clipboard !')).toBeVisible();
  expect(await plain.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/u/${user.username}/answers/${id}$`));

  // Mastodon: which server? (typed as people do), then its compose page, and remembered
  await context.route('https://piaille.fr/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>compose</title>' }));
  await sheet.getByRole('button', { name: 'Share on Mastodon' }).click();
  await sheet.getByLabel('Your Mastodon server').fill('https://Piaille.fr/');
  const popup = plain.waitForEvent('popup');
  await sheet.getByRole('button', { name: 'Share on Mastodon' }).click();
  const compose = await popup;
  await compose.waitForLoadState();
  const composeUrl = new URL(compose.url());
  expect(composeUrl.origin + composeUrl.pathname).toBe('https://piaille.fr/share');
  expect(composeUrl.searchParams.get('text')).toMatch(new RegExp(`answered on Askbox .*/u/${user.username}/answers/${id}$`));
  await compose.close();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await chooseCardAction(post, 'Share answer');
  await expect(sheet.getByRole('link', { name: 'Share on Mastodon' })).toHaveAttribute('href', /^https:\/\/piaille\.fr\/share\?text=/);

  // the answer's page previews as its card: a 1200×630 PNG
  const html = await (await page.request.get(`/u/${user.username}/answers/${id}`, { headers: { accept: 'text/html' } })).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
  const card = await page.request.get(new URL(image).pathname);
  expect(card.headers()['content-type']).toBe('image/png');
  expect(pngSize(new Uint8Array(await card.body()))).toEqual({ width: 1200, height: 630 });

  // private again: the card URL is a 404
  expect((await page.request.patch('/api/me/settings', { data: { publicProfile: false } })).status()).toBe(200);
  expect((await page.request.get(new URL(image).pathname)).status()).toBe(404);

  // its owner may still download the image, and is told the link only works for signed-in users
  await plain.reload();
  await chooseCardAction(post, 'Share answer');
  await expect(sheet.getByText('Your profile is private: the link only works for signed-in users.')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  await expect(sheet.getByRole('link', { name: 'Share on Mastodon' })).toHaveCount(0);
  const download = plain.waitForEvent('download');
  await sheet.getByRole('link', { name: 'Download image' }).click();
  const downloaded = fs.readFileSync((await (await download).path())!);
  expect(pngSize(new Uint8Array(downloaded))).toEqual({ width: 1080, height: 1920 });
  await sheet.getByRole('button', { name: 'Close' }).click();

  // the invite card's QR code of the profile link
  await plain.goto('/friends');
  await expect(plain.getByRole('img', { name: 'QR code of your profile link' })).toBeVisible();
  await context.close();
});

test("the home feed offers Share on a public profile's answers, not on a private one's", async ({ browser }) => {
  const authors = [];
  for (const [prefix, isPublic] of [
    ['openbook', true],
    ['closedbook', false],
  ] as const) {
    const author = await signedInUser(browser, prefix);
    expect((await author.page.request.patch('/api/me/settings', { data: { publicProfile: isPublic } })).status()).toBe(200);
    const asked = await author.page.request.post(`/api/users/${author.user.username}/questions`, {
      data: { text: `A question for ${prefix}`, isAnonymous: true },
    });
    const { id } = (await asked.json()) as { id: string };
    expect((await author.page.request.post(`/api/questions/${id}/answer`, { data: { answer: `Answered by ${prefix}` } })).ok()).toBe(true);
    authors.push(author);
  }
  const reader = await signedInUser(browser, 'reader');
  for (const author of authors) expect((await reader.page.request.post(`/api/users/${author.user.username}/follow`)).ok()).toBe(true);

  await reader.page.goto('/home');
  const open = reader.page.getByRole('article').filter({ hasText: 'Answered by openbook' });
  const closed = reader.page.getByRole('article').filter({ hasText: 'Answered by closedbook' });
  await expect(closed).toBeVisible();
  await closed.getByRole('button', { name: 'More actions' }).click();
  await expect(closed.getByRole('menuitem', { name: 'Report this answer' })).toBeVisible();
  await expect(closed.getByRole('menuitem', { name: 'Share answer' })).toHaveCount(0);
  await reader.page.keyboard.press('Escape');
  await chooseCardAction(open, 'Share answer');
  const sheet = reader.page.getByRole('dialog', { name: 'Share answer' });
  await expect(sheet.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Download image' })).toBeVisible();
  for (const { context } of [...authors, reader]) await context.close();
});
