import type { Browser, Page } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

/**
 * The motion that explains (the sent question flying off, the answered or deleted question leaving
 * the inbox, new answers sliding in under the pill) never gets in the way of the flow, and none of
 * it runs when the system asks for less motion.
 */

/**
 * Records every Web Animations API call the page makes (what it animated), and every CSS animation
 * that starts (its name and how long it runs).
 */
async function recordAnimateCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    const css: { name: string; ms: number }[] = [];
    Object.assign(window, { animateCalls: calls, cssAnimations: css });
    const original = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      calls.push(this.tagName.toLowerCase());
      return original.apply(this, args);
    };
    document.addEventListener('animationstart', (event) => {
      const ms = parseFloat(getComputedStyle(event.target as Element).animationDuration) * 1000;
      css.push({ name: event.animationName, ms });
    });
  });
}
const animateCalls = (page: Page) => page.evaluate(() => (window as unknown as { animateCalls: string[] }).animateCalls);
/** The CSS animations of the ask box (the sent question's flight) that have started. */
const flights = (page: Page) =>
  page.evaluate(() => (window as unknown as { cssAnimations: { name: string; ms: number }[] }).cssAnimations.filter((a) => a.name.includes('fly-off')));

/** The CSS animation of an element, as the browser computed it: its name and duration in ms. */
const cssAnimation = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    return { name: style.animationName, ms: parseFloat(style.animationDuration) * 1000 };
  });

async function journey(browser: Browser, reducedMotion: 'reduce' | 'no-preference') {
  const asker = await signedInUser(browser, 'motiona');
  const answerer = await signedInUser(browser, 'motionb');
  for (const { page } of [asker, answerer]) {
    await page.emulateMedia({ reducedMotion });
    await recordAnimateCalls(page);
  }
  const b = answerer.user.username;
  expect((await asker.page.request.post(`/api/users/${b}/follow`)).status()).toBeLessThan(300);

  // the question sent from the ask box: the box is ready again, and the flying copy has gone
  const question = 'Which colour is the sky on Mars?';
  await asker.page.goto(`/u/${b}`);
  await asker.page.getByLabel('Ask me a question').fill(question);
  await asker.page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(asker.page.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
  await expect(asker.page.getByLabel('Ask me a question')).toHaveValue('');
  await expect(asker.page.getByText(question)).toHaveCount(0);

  // the inbox: answered, then deleted, each question leaves and focus goes on
  const other = await answerer.page.request.post(`/api/users/${b}/questions`, { data: { text: 'And the sunsets?', isAnonymous: true } });
  expect(other.status()).toBe(201);
  await answerer.page.goto('/questions');
  const item = answerer.page.getByRole('article').filter({ hasText: question });
  await item.getByRole('button', { name: 'Answer' }).click();
  await item.getByRole('textbox').fill('Butterscotch by day.');
  await item.getByRole('button', { name: 'Send' }).click();
  await answerer.page.getByRole('dialog', { name: 'Share your answer?' }).getByRole('button', { name: 'Not now' }).click();
  await expect(answerer.page.getByText(question)).toHaveCount(0);
  const next = answerer.page.getByRole('article').filter({ hasText: 'And the sunsets?' });
  await next.getByRole('button', { name: 'Delete' }).click();
  await answerer.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(answerer.page.getByText('And the sunsets?')).toHaveCount(0);
  await expect(answerer.page.getByText('No questions yet.')).toBeVisible();
  const answererCalls = await animateCalls(answerer.page);

  // the ask box's page stayed open meanwhile: any flight it made has been recorded by now
  const askerCalls = await animateCalls(asker.page);
  const flown = await flights(asker.page);

  // the feed: an answer shown, then a new one taken with the pill slides in above it
  await asker.page.goto('/home');
  await expect(asker.page.getByText('Butterscotch by day.')).toBeVisible();
  const later = await answerer.page.request.post(`/api/users/${b}/questions`, { data: { text: 'Any moons?', isAnonymous: true } });
  const { id } = (await later.json()) as { id: string };
  expect((await answerer.page.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Two small ones.' } })).status()).toBe(204);
  const pill = asker.page.getByRole('button', { name: /New answers/ });
  await expect(pill).toBeVisible({ timeout: 40_000 }); // live event, else the 30 s poll
  await pill.click();
  await expect(asker.page.getByText('Two small ones.')).toBeVisible();
  await expect(pill).toHaveCount(0);
  const arrived = await cssAnimation(asker.page, `article:has-text("Two small ones.")`);
  const stayed = await cssAnimation(asker.page, `article:has-text("Butterscotch by day.")`);

  for (const { context } of [asker, answerer]) await context.close();
  return { askerCalls, flown, answererCalls, arrived, stayed };
}

test('motion explains the ask, the inbox and new answers, and the flows go on as before', async ({ browser }) => {
  test.setTimeout(120_000); // the pill waits for a live event, else the 30 s poll
  const { askerCalls, flown, answererCalls, arrived, stayed } = await journey(browser, 'no-preference');
  expect(askerCalls).toEqual([]);
  expect(flown).toHaveLength(1); // the copy of the question flying off
  expect(flown[0]!.ms).toBeLessThanOrEqual(250);
  expect(answererCalls).toEqual(['article', 'article']); // the answered and the deleted question
  expect(arrived.name).toContain('slide-in');
  expect(arrived.ms).toBeLessThanOrEqual(250);
  expect(stayed.name).toBe('none');
});

test('with reduced motion asked for, none of that motion runs', async ({ browser }) => {
  test.setTimeout(120_000);
  const { askerCalls, flown, answererCalls, arrived } = await journey(browser, 'reduce');
  expect(askerCalls).toEqual([]);
  expect(flown.every((flight) => flight.ms < 1)).toBe(true);
  expect(answererCalls).toEqual([]);
  expect(arrived.ms).toBeLessThan(1);
});
