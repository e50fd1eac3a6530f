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

/** How many lines the element's own text takes (1 when no word of it was broken onto a second line). */
const lines = (locator: import('@playwright/test').Locator) =>
  locator.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

test('in French on a phone, the interface words never break inside and no screen gets wider than the phone', async ({ browser, baseURL }) => {
  const owner = newUser('fr_owner');
  const asker = newUser('fr_asker');
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const askerContext = await browser.newContext({ baseURL });
  const askerPage = await askerContext.newPage();
  await signUpViaApi(page, owner);
  await signUpViaApi(askerPage, asker);
  await askerPage.request.post(`/api/users/${owner.username}/questions`, { data: { text: 'Une question en français ?', isAnonymous: false } });

  await page.goto('/questions');
  const item = page.locator('article', { hasText: 'Une question en français ?' });
  // (on a phone 'Signaler' is its flag alone: see the next test)
  for (const word of ['Supprimer', 'Répondre']) expect(await lines(item.getByText(word, { exact: true })), word).toBe(1);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await lines(page.getByRole('navigation', { name: 'Principale' }).getByText('Notifications', { exact: true }))).toBe(1);

  await page.goto(`/u/${asker.username}`);
  await expect(page.getByText('300 caractères restants')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await lines(page.getByText('Abonnements', { exact: true }))).toBe(1);
  await expect(page.getByText('300 caractères restants')).toBeInViewport({ ratio: 1 });
  await expect(page.locator('[aria-label="Chargement d’Askbox"]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('fr-profile.png') });

  await page.goto('/edit-profile');
  await expect(page.getByText('Changer la photo de profil')).toBeVisible();
  await expect(page.locator('[aria-label="Chargement d’Askbox"]')).toHaveCount(0); // the splash is gone: the screenshot shows the screen
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('fr-edit-profile.png') });
  // the tab bar's picture shows the same initials (from the full name) as every other one
  const tabBarInitials = await page.getByRole('navigation', { name: 'Principale' }).locator('[data-default-avatar]').innerText();
  expect(tabBarInitials).toBe(await page.getByRole('main').locator('[data-default-avatar]').first().innerText());
  await context.close();
  await askerContext.close();
});

test('in French on a phone, an inbox card keeps its buttons on one row and the search field shows its whole placeholder', async ({ browser, baseURL }) => {
  const owner = newUser('fr_row');
  const asker = newUser('fr_row_asker');
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const askerContext = await browser.newContext({ baseURL });
  const askerPage = await askerContext.newPage();
  await signUpViaApi(page, owner);
  await signUpViaApi(askerPage, asker);
  await askerPage.request.post(`/api/users/${owner.username}/questions`, { data: { text: 'Tout tient sur une ligne ?', isAnonymous: false } });

  await page.goto('/questions');
  const item = page.locator('article', { hasText: 'Tout tient sur une ligne ?' });
  const report = item.getByRole('button', { name: 'Signaler cette question' });
  const remove = item.getByRole('button', { name: 'Supprimer' });
  const answer = item.getByRole('button', { name: 'Répondre' });
  const tops = await Promise.all([report, remove, answer].map(async (button) => Math.round((await button.boundingBox())!.y)));
  expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
  for (const button of [report, remove, answer]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // the placeholder's text, in the field's own font, is no wider than the field's inside
  const search = page.getByRole('searchbox', { name: 'Rechercher dans vos questions' });
  await expect(search).toHaveAttribute('placeholder', 'Rechercher dans vos questions');
  const room = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context2d = document.createElement('canvas').getContext('2d')!;
    context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return inside - context2d.measureText(input.placeholder).width;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('fr-inbox.png') });
  await context.close();
  await askerContext.close();
});
