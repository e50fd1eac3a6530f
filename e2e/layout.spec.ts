import { expect, newUser, signUpViaApi, test } from './fixtures';

/** How far the page is wider than the phone: 0 when nothing sticks out sideways. */
const overflow = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a long name without spaces wraps inside its card: the phone page never gets wider than the screen', async ({ page, browser, baseURL }) => {
  const longName = `Carolina ${'Wolfeschlegelsteinhausenbergerdorff'.repeat(2)}`;
  const author = { ...newUser('long'), fullname: longName };
  const reader = newUser('reader');
  const authorContext = await browser.newContext({ baseURL });
  const authorPage = await authorContext.newPage();
  await signUpViaApi(authorPage, author);
  await signUpViaApi(page, reader);

  // the reader follows the author and asks them a question by name; the author answers it
  expect((await page.request.post(`/api/users/${author.username}/follow`)).ok()).toBe(true);
  const asked = await page.request.post(`/api/users/${author.username}/questions`, { data: { text: 'A long name?', isAnonymous: false } });
  const { id } = await asked.json();
  expect((await authorPage.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Yes, a long one.' } })).ok()).toBe(true);
  // and the author asks the reader a named question (the inbox shows the long name as the sender)
  await authorPage.request.post(`/api/users/${reader.username}/questions`, { data: { text: 'Do you see my name?', isAnonymous: false } });

  await page.goto('/home');
  await expect(page.getByText('Yes, a long one.')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();

  await page.goto('/questions');
  await expect(page.getByText('Do you see my name?')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await page.goto(`/u/${author.username}`);
  await expect(page.getByText('Yes, a long one.')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await authorContext.close();
});
