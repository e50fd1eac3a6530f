import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { showcase } from '../showcase';

/**
 * How many answer cards a phone shows at once (390x844), on the showcase's feed and profile: the
 * number of cards wholly in view and the cards' share of the viewport's height. Printed, for
 * comparing a change of density before and after.
 */
async function cardsInView(page: Page): Promise<{ whole: number; visible: number }> {
  return page.locator('article').evaluateAll((cards) => {
    const height = window.innerHeight;
    let whole = 0;
    let visible = 0;
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (box.top >= 0 && box.bottom <= height) whole += 1;
      visible += Math.max(0, Math.min(box.bottom, height) - Math.max(box.top, 0)) / box.height;
    }
    return { whole, visible: Math.round(visible * 100) / 100 };
  });
}

test('answer cards in a phone viewport', async ({ browser }) => {
  const { context, page } = await showcase(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const path of ['/home', '/profile']) {
    await page.goto(path);
    await expect(page.locator('article').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // from the first card's top: the title and the profile's header are not what is measured
    await page
      .locator('article')
      .first()
      .evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 8));
    const count = await cardsInView(page);
    console.log(`${path}: ${count.whole} whole cards, ${count.visible} cards' worth in view`);
    expect(count.whole).toBeGreaterThan(0);
  }
  await context.close();
});
