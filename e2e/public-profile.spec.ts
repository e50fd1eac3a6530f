import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

/** The server-rendered head of a page, as a link preview (which runs no script) reads it. */
async function headOf(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  return html.slice(0, html.indexOf('</head>'));
}

const metaContent = (head: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1] ?? null;

test("turning 'Public profile' on and off in Settings adds and removes the share cards", async ({ page }) => {
  const owner = newUser('pub');
  await signUpViaApi(page, owner);
  const asked = await page.request.post(`/api/users/${owner.username}/questions`, { data: { text: 'What is this place?', isAnonymous: true } });
  const questionId = (await asked.json()).id as string;
  await page.request.post(`/api/questions/${questionId}/answer`, { data: { answer: 'A place for questions.' } });

  // off by default: no share card, no feed
  expect(await headOf(page, `/u/${owner.username}`)).not.toContain('og:title');
  expect((await page.request.get(`/u/${owner.username}/feed.atom`)).status()).toBe(404);

  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Public profile' });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('When on, your answers may be read outside Askbox: in link previews, in feed readers and on the fediverse.')).toBeVisible();
  await expect(toggle).toHaveAccessibleDescription(/When on, your answers may be read outside Askbox/);

  const turnedOn = page.waitForResponse((r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PATCH');
  await toggle.check();
  expect((await (await turnedOn).json()).publicProfile).toBe(true);
  await expect(toggle).toBeChecked();
  const host = new URL(page.url()).host;
  await expect(page.getByText(`@${owner.username}@${host}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /feed\.atom$/ })).toHaveAttribute('href', new RegExp(`/u/${owner.username}/feed\\.atom$`));
  await page.getByRole('heading', { name: 'Outside Askbox' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/public-profile-settings-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/public-profile-settings-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });

  // the profile page now carries Open Graph and Twitter card tags, and links its feed
  const head = await headOf(page, `/u/${owner.username}`);
  expect(metaContent(head, 'og:title')).toBe(`${owner.fullname} (@${owner.username})`);
  expect(metaContent(head, 'og:description')).toBe('1 answer on Askbox');
  expect(metaContent(head, 'og:url')).toMatch(new RegExp(`/u/${owner.username}$`));
  expect(metaContent(head, 'og:image')).toMatch(/^https?:\/\/.+/);
  expect(metaContent(head, 'twitter:card')).toBe('summary');
  expect(head).toMatch(new RegExp(`<link rel="alternate" type="application/atom\\+xml" [^>]*href="[^"]*/u/${owner.username}/feed\\.atom"`));
  const answerHead = await headOf(page, `/u/${owner.username}/answers/${questionId}`);
  expect(metaContent(answerHead, 'og:type')).toBe('article');
  expect(metaContent(answerHead, 'og:description')).toBe('A place for questions.');
  const feed = await page.request.get(`/u/${owner.username}/feed.atom`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('A place for questions.');

  // off again: nothing is exposed
  const turnedOff = page.waitForResponse((r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PATCH');
  await toggle.uncheck();
  await turnedOff;
  await expect(toggle).not.toBeChecked();
  expect(await headOf(page, `/u/${owner.username}`)).not.toContain('og:title');
  expect((await page.request.get(`/u/${owner.username}/feed.atom`)).status()).toBe(404);

  // the setting is the server's: it stays after a reload
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Public profile' })).not.toBeChecked();
});

test("a public profile opens signed out, an answer's link on that answer; logging in from it comes back to the answer", async ({ page, browser }) => {
  const owner = newUser('card');
  await signUpViaApi(page, owner);
  await page.request.patch('/api/me/settings', { data: { publicProfile: true } });
  const ids: string[] = [];
  for (let i = 0; i < 25; i++) {
    const asked = await page.request.post(`/api/users/${owner.username}/questions`, { data: { text: `Question number ${i}`, isAnonymous: true } });
    const id = (await asked.json()).id as string;
    const contentWarning = i === 0 ? { contentWarning: 'Spoilers ahead' } : {};
    await page.request.post(`/api/questions/${id}/answer`, { data: { answer: `Answer number ${i}`, ...contentWarning } });
    ids.push(id);
  }
  // the reader's account exists; they open the link signed out
  const reader = newUser('read');
  const readerSetup = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signUpViaApi(await readerSetup.newPage(), reader);
  await readerSetup.close();

  // dark and French, as the device and the browser say
  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, colorScheme: 'dark', locale: 'fr-FR' });
  const anonymousPage = await visitor.newPage();
  await anonymousPage.goto(`/u/${owner.username}/answers/${ids[0]}`);
  await expect(anonymousPage.getByRole('heading', { name: owner.fullname })).toBeVisible();
  expect(await anonymousPage.evaluate(() => document.documentElement.dataset.scheme)).toBe('dark');
  // the oldest answer, first and highlighted, its warning closed over it
  const shared = anonymousPage.locator(`#answer-${ids[0]}`);
  await expect(shared).toBeInViewport();
  await expect(shared).toContainText('Question number 0');
  await expect(shared.getByText('Answer number 0')).toBeHidden();
  await shared.getByText('Afficher').click();
  await expect(shared.getByText('Answer number 0')).toBeVisible();
  await expect(anonymousPage.getByRole('link', { name: 'Créer votre Askbox' })).toHaveAttribute('href', '/signup');

  await anonymousPage.getByRole('link', { name: 'Se connecter pour poser une question' }).click();
  await expect(anonymousPage).toHaveURL(/\/login\?next=/);
  await anonymousPage.getByLabel('E-mail').fill(reader.email);
  await anonymousPage.getByLabel('Mot de passe', { exact: true }).fill(reader.password);
  await anonymousPage.getByRole('button', { name: 'Se connecter', exact: true }).click();
  // back on the answer, in the app: past the first page of answers
  await expect(anonymousPage).toHaveURL(new RegExp(`/u/${owner.username}/answers/${ids[0]}$`));
  const oldest = anonymousPage.locator(`#post-${ids[0]}`);
  await expect(oldest).toBeVisible();
  await expect(oldest).toBeInViewport();
  await visitor.close();
});

test("a private profile's link and a missing user's show the same 'Authentication Required'", async ({ browser }) => {
  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await visitor.newPage();
  const hidden = newUser('hidden');
  await signUpViaApi(page, hidden);
  await visitor.clearCookies();
  const [privateHtml, missingHtml] = await Promise.all(
    [`/u/${hidden.username}`, '/u/nobody_by_this_name'].map(async (path) => (await page.request.get(path, { headers: { accept: 'text/html' } })).text()),
  );
  expect(privateHtml).toBe(missingHtml);
  await page.goto(`/u/${hidden.username}`);
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await visitor.close();
});
