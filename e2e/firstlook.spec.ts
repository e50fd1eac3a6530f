import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { e2eAdmin } from './admin-setup';
import { expect, newUser, signUpThroughUi, signUpViaApi, signedInUser, test } from './fixtures';

/**
 * A first look worth staying for: Askbox's own look (the brand gradient, generated avatars, one
 * checkbox style), your own profile and home, the welcome step after sign-up, and the layout
 * defects a new user met on a phone and a desktop.
 */

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundImage);
const brandGradient = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gradient-brand').trim());

async function answerOwnQuestion(page: Page, username: string, text: string, answer: string): Promise<void> {
  const asked = await page.request.post(`/api/users/${username}/questions`, { data: { text, isAnonymous: false } });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  expect((await page.request.post(`/api/questions/${id}/answer`, { data: { answer } })).ok()).toBe(true);
}

/** A browser context without the install sheet (the spec's, 3 s after Home opens), which would cover what is clicked: it has its own tests. */
async function quietContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => localStorage.setItem('askbox.installPromptShownAt', String(Date.now())));
  return context;
}

test('the brand gradient is on the landing page and default covers, in light and dark; avatars without a picture are gradients from the account', async ({
  browser,
  baseURL,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await quietContext(browser, { baseURL, colorScheme });
    const page = await context.newPage();
    await page.goto('/onboarding');
    const gradient = await brandGradient(page);
    expect(gradient).toMatch(/^linear-gradient/);
    await expect(page.getByTestId('brand-hero')).toBeVisible();
    // the browser writes the colours its own way: compare with the token as it resolves it
    const resolved = await page.evaluate((value) => {
      const probe = document.createElement('div');
      probe.style.backgroundImage = value;
      document.body.append(probe);
      const image = getComputedStyle(probe).backgroundImage;
      probe.remove();
      return image;
    }, gradient);
    expect(await background(page.getByTestId('brand-hero'))).toBe(resolved);
    await context.close();
  }

  const owner = await signedInUser(browser, 'brand');
  const follower = await signedInUser(browser, 'brandfan');
  expect((await follower.page.request.post(`/api/users/${owner.user.username}/follow`)).ok()).toBe(true);
  await owner.page.goto('/profile');
  expect(await background(owner.page.getByTestId('profile-cover'))).toContain('linear-gradient');
  const ownAvatar = owner.page.getByRole('img', { name: `View ${owner.user.fullname}'s profile picture` });
  await expect(ownAvatar).toHaveAttribute('data-default-avatar', '');
  const ownGradient = await background(ownAvatar);
  expect(ownGradient).toMatch(/^linear-gradient\(135deg, rgb\(/);
  // the same account, the same gradient on another screen; another account, another one
  await owner.page.getByRole('button', { name: /1 Followers?/ }).click();
  const row = owner.page.getByRole('dialog').getByRole('img', { name: follower.user.fullname });
  await expect(row).toBeVisible();
  expect(await background(row)).not.toBe(ownGradient);
  await follower.page.goto(`/u/${owner.user.username}`);
  expect(await background(follower.page.getByRole('img', { name: `View ${owner.user.fullname}'s profile picture` }))).toBe(ownGradient);
  await owner.context.close();
  await follower.context.close();
});

test('every checkbox and radio has one style: the accent colour at one size', async ({ browser }) => {
  const me = await signedInUser(browser, 'checks');
  const other = newUser('checked');
  const otherContext = await quietContext(browser);
  await signUpViaApi(await otherContext.newPage(), other);
  const style = (locator: Locator) =>
    locator.evaluate((el) => `${getComputedStyle(el).accentColor} ${getComputedStyle(el).width} ${getComputedStyle(el).height}`);
  await me.page.goto(`/u/${other.username}`);
  const checkbox = await style(me.page.getByLabel('Ask anonymously'));
  await me.page.goto('/settings');
  const radio = await style(me.page.getByRole('region', { name: 'Inbox', exact: true }).getByRole('radio', { name: 'People I follow' }));
  expect(radio).toBe(checkbox);
  expect(checkbox).toMatch(/ 20px 20px$/);
  await otherContext.close();
  await me.context.close();
});

test("your own profile shows 'Share your link' instead of an ask box, and your answers start on the first screen", async ({ browser, baseURL }) => {
  const context = await quietContext(browser, { baseURL, viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const me = newUser('sharer');
  await signUpViaApi(page, me);
  await answerOwnQuestion(page, me.username, 'What do you do on Sundays?', 'I bake bread and read.');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Share your link' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('share-link')).toHaveText(`${baseURL}/u/${me.username}`);
  await expect(page.getByLabel('Ask me a question')).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: 'I bake bread and read.' })).toBeInViewport();

  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').getByText('Profile link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/u/${me.username}`);
  await card.getByRole('button', { name: 'QR code' }).click();
  await expect(card.getByRole('button', { name: 'QR code' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('img', { name: 'QR code of your profile link' })).toBeVisible();
  await context.close();
});

test('your own answers are in your home feed, with those of the people you follow', async ({ browser }) => {
  const me = await signedInUser(browser, 'homeown');
  const friend = await signedInUser(browser, 'homefriend');
  expect((await me.page.request.post(`/api/users/${friend.user.username}/follow`)).ok()).toBe(true);
  await answerOwnQuestion(friend.page, friend.user.username, 'Tea or coffee?', 'Tea, always.');
  await answerOwnQuestion(me.page, me.user.username, 'Cats or dogs?', 'Cats, obviously.');
  await me.page.goto('/home');
  const posts = me.page.getByRole('region', { name: 'Feed' }).getByRole('article');
  await expect(posts).toHaveCount(2);
  await expect(posts.first()).toContainText('Cats, obviously.');
  await expect(posts.nth(1)).toContainText('Tea, always.');
  await me.context.close();
  await friend.context.close();
});

/** The usernames of every suggestion on the screen (the main column's and the right rail's). */
const suggestedUsernames = (page: Page) =>
  page.locator('main li, aside li').evaluateAll((items) =>
    items.flatMap((item) => {
      const handle = /@(\w+)/.exec(item.textContent ?? '');
      return item.querySelector('button') && handle ? [handle[1]!] : [];
    }),
  );

test('after sign-up, an optional welcome step: a picture, a bio, three people to follow; skippable; the desktop never suggests anyone twice', async ({
  browser,
  baseURL,
}) => {
  // people to suggest
  for (let i = 0; i < 6; i += 1) {
    const context = await quietContext(browser, { baseURL });
    await signUpViaApi(await context.newPage(), newUser(`suggested${i}`));
    await context.close();
  }
  const context = await quietContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const me = newUser('welcomed');
  await signUpThroughUi(page, me);
  const step = page.getByRole('region', { name: `Welcome, ${me.fullname}!` });
  await expect(step).toBeVisible();
  // not the instance's first account: nothing about admin tools
  await expect(step.getByText(/you are its admin/)).toHaveCount(0);
  const people = step.getByRole('list', { name: 'Three people to follow' }).getByRole('listitem');
  await expect(people).toHaveCount(3);
  await expect(page.getByRole('complementary', { name: 'Suggestions' }).getByRole('listitem').first()).toBeVisible();
  const suggested = await suggestedUsernames(page);
  expect(suggested.length).toBeGreaterThan(3);
  expect(new Set(suggested).size).toBe(suggested.length);

  await people.first().getByRole('button', { name: 'Follow' }).click();
  await expect(people.first().getByRole('button', { name: 'Following' })).toBeVisible();
  await step.getByLabel('A few words about you').fill('I like questions.');
  await step.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').getByText('Bio saved')).toBeVisible();
  await step.getByLabel('Add a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  });
  await expect(page.getByRole('status').getByText('Picture saved')).toBeVisible();
  const saved = await (await page.request.get('/api/me')).json();
  expect(saved.user.bio).toBe('I like questions.');
  expect(saved.user.photoURL).not.toBe('/images/default-avatar.svg');

  await step.getByRole('button', { name: 'Skip' }).click();
  await expect(step).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accueil' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Welcome, ${me.fullname}!` })).toHaveCount(0);
  await context.close();
});

test('the welcome step is in French for a French browser', async ({ browser, baseURL }) => {
  const context = await quietContext(browser, { baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const me = newUser('bienvenue');
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(me.email);
  await page.getByLabel('Nom d’utilisateur').fill(me.username);
  await page.getByLabel('Nom complet').fill(me.fullname);
  await page.getByLabel('Mot de passe', { exact: true }).fill(me.password);
  await page.getByLabel('Répétez le mot de passe').fill(me.password);
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(page).toHaveURL(/\/notifications-setup$/);
  await page.goto('/home');
  const step = page.getByRole('region', { name: `Bienvenue, ${me.fullname}\u202f!` });
  await expect(step.getByRole('button', { name: 'Passer' })).toBeVisible();
  await expect(step.getByLabel('Quelques mots sur toi')).toBeVisible();
  await context.close();
});

test('layout: the dashboard fits a phone; grouped notifications show both faces whole', async ({ browser, baseURL }) => {
  const context = await quietContext(browser, { baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })).ok()).toBe(true);
  await page.goto('/settings/dashboard');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Answers' })).toBeVisible();
  const [tableWidth, boxWidth] = await table.evaluate((el) => [el.scrollWidth, el.parentElement!.clientWidth]);
  expect(tableWidth).toBeLessThanOrEqual(boxWidth);
  await context.close();

  const owner = await signedInUser(browser, 'faces');
  owner.page.setViewportSize({ width: 390, height: 844 });
  for (const prefix of ['facefan1', 'facefan2']) {
    const fan = await signedInUser(browser, prefix);
    expect((await fan.page.request.post(`/api/users/${owner.user.username}/follow`)).ok()).toBe(true);
    await fan.context.close();
  }
  await owner.page.goto('/notifications');
  const group = owner.page.getByTestId('activity-group').filter({ hasText: 'started following you' });
  const faces = group.locator('[data-default-avatar]');
  await expect(faces).toHaveCount(2);
  const [front, back] = [(await faces.nth(0).boundingBox())!, (await faces.nth(1).boundingBox())!];
  // side by side: the front face covers at most a sliver of the other one
  expect(back.x + back.width - front.x).toBeLessThanOrEqual(8);
  expect(Math.abs(front.y - back.y)).toBeLessThanOrEqual(1);
  await owner.context.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  // the splash fades out over the screen: scanned while fading, its text would fail contrast
  await expect(page.locator('[aria-label="Loading Askbox"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('the new screens pass axe in light and dark: the landing page, the welcome step, Share your link, a refusal said before typing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const paused = await signedInUser(browser, 'axepaused');
  expect((await paused.page.request.patch('/api/me/settings', { data: { inboxPaused: true } })).ok()).toBe(true);
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await quietContext(browser, { baseURL, colorScheme });
    const page = await context.newPage();
    await page.goto('/onboarding');
    await expect(page.getByTestId('brand-hero')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const me = newUser(`axe${colorScheme}`);
    await signUpThroughUi(page, me);
    await expect(page.getByRole('region', { name: `Welcome, ${me.fullname}!` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Share your link' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/u/${paused.user.username}`);
    await expect(page.getByTestId('ask-refusal')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }
  await paused.context.close();
});

test("layout: French 'Poser une question' on one line in the narrowest side navigation; the inbox's filter chips one scrolling row; the warning's field as wide as the answer", async ({
  browser,
  baseURL,
}) => {
  const context = await quietContext(browser, { baseURL, locale: 'fr-FR', viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const me = newUser('mise_en_page');
  await signUpViaApi(page, me);
  await page.goto('/home');
  const ask = page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Poser une question' });
  await expect(ask).toBeVisible();
  // its text on one line: every piece of it has the same top
  const textTops = await ask.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
  expect(textTops).toBe(1);

  const asker = await signedInUser(browser, 'chipper');
  expect((await asker.page.request.post(`/api/users/${me.username}/questions`, { data: { text: 'Une question ?', isAnonymous: true } })).status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/questions');
  const chips = page.getByRole('group', { name: 'Afficher' }).getByRole('button');
  await expect(chips.first()).toBeVisible();
  const tops = new Set((await chips.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)))) as number[]);
  expect(tops.size).toBe(1);
  const row = page.getByRole('group', { name: 'Afficher' });
  expect(await row.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');

  await page.getByRole('button', { name: 'Répondre' }).first().click();
  await page.getByLabel('Avertissement de contenu').check();
  const warning = page.getByLabel(/^De quoi parle la réponse/);
  const answer = page.getByLabel('Votre réponse');
  expect(Math.round((await warning.boundingBox())!.width)).toBe(Math.round((await answer.boundingBox())!.width));
  await asker.context.close();
  await context.close();
});
