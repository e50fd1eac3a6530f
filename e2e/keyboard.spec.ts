import type { Locator, Page } from '@playwright/test';
import { expect, newUser, signedInUser, signUpViaApi, test } from './fixtures';

// Keyboard only (decision 207): every control is reached with Tab or focus() and pressed with
// Enter, and after an action that removes, replaces or disables the focused control, focus is
// on the sensible next element, never back on <body>.

/** Presses a control from the keyboard. */
async function press(control: Locator): Promise<void> {
  await control.focus();
  await control.page().keyboard.press('Enter');
}

/** Answers a destructive confirm from the keyboard: it opens on Cancel, so Tab to the action, then Enter. */
async function confirmWithKeyboard(page: Page, action: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: action, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

test('inbox: after answering or deleting a question, focus goes to the next one, else the previous, else the empty state', async ({
  page,
  browser,
}, testInfo) => {
  const asker = await signedInUser(browser, 'kbask');
  const owner = newUser('kbinbox');
  await signUpViaApi(page, owner);
  for (const text of ['Question one', 'Question two', 'Question three']) {
    const asked = await asker.page.request.post(`/api/users/${owner.username}/questions`, { data: { text, isAnonymous: false } });
    expect(asked.status()).toBe(201);
  }

  await page.goto('/questions');
  // newest first: three, two, one; each card starts with a link to its sender
  const card = (text: string) => page.getByRole('article').filter({ hasText: text });
  const senderLink = (text: string) => card(text).getByRole('link', { name: asker.user.fullname });
  await expect(page.getByRole('article')).toHaveCount(3);

  // Answer › Send on the middle one: it leaves, focus on the next (older) question
  await press(card('Question two').getByRole('button', { name: 'Answer' }));
  await expect(card('Question two').getByLabel('Your answer')).toBeFocused();
  await page.keyboard.type('Answered from the keyboard');
  await page.keyboard.press('Tab'); // Content warning
  await expect(card('Question two').getByRole('checkbox', { name: 'Content warning' })).toBeFocused();
  await page.keyboard.press('Tab'); // Add a picture
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab'); // Send
  await expect(card('Question two').getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card('Question two')).toHaveCount(0);
  // the offer to share the answer comes first; Escape declines it
  const sharePrompt = page.getByRole('dialog', { name: 'Share your answer?' });
  await expect(sharePrompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sharePrompt).toHaveCount(0);
  await expect(senderLink('Question one')).toBeFocused();

  // Delete the last one: nothing after it, focus on the one before
  await press(card('Question one').getByRole('button', { name: 'Delete' }));
  await confirmWithKeyboard(page, 'Delete');
  await expect(card('Question one')).toHaveCount(0);
  await expect(senderLink('Question three')).toBeFocused();

  // Delete the only one left: focus on the empty state, and Tab goes on from there
  await press(card('Question three').getByRole('button', { name: 'Delete' }));
  await confirmWithKeyboard(page, 'Delete');
  await expect(page.locator(':focus')).toHaveText('No questions yet.');
  await page.screenshot({ path: testInfo.outputPath('inbox-emptied-390.png') });
  await asker.context.close();
});

test('own profile: after deleting an answer, focus goes to the next answer, then to the empty list', async ({ page }) => {
  const owner = newUser('kbown');
  await signUpViaApi(page, owner);
  for (const text of ['Self one', 'Self two']) {
    const asked = await page.request.post(`/api/users/${owner.username}/questions`, { data: { text, isAnonymous: true } });
    const { id } = await asked.json();
    expect((await page.request.post(`/api/questions/${id}/answer`, { data: { answer: `${text}, answered` } })).ok()).toBe(true);
  }

  await page.goto('/profile');
  const post = (text: string) => page.getByRole('article', { name: `Answer by @${owner.username}` }).filter({ hasText: text });
  await expect(post('Self one')).toBeVisible();
  // the '…' menu opens on its first item (Share answer); End reaches Delete answer
  await press(post('Self two').getByRole('button', { name: 'More actions' }));
  await expect(post('Self two').getByRole('menuitem', { name: 'Share answer' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(post('Self two').getByRole('menuitem', { name: 'Delete answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirmWithKeyboard(page, 'Delete');
  await expect(post('Self two')).toHaveCount(0);
  await expect(post('Self one').getByRole('button', { name: 'More actions' })).toBeFocused();
  // Escape closes the menu and hands focus back to its button
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(post('Self one').getByRole('menu')).toHaveCount(0);
  await expect(post('Self one').getByRole('button', { name: 'More actions' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(post('Self one').getByRole('menuitem', { name: 'Delete answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirmWithKeyboard(page, 'Delete');
  await expect(page.locator(':focus')).toHaveText('No answers now.');
});

test('Settings › Blocked users: after Unblock, focus goes to the next person, then to the empty list', async ({ page, browser }) => {
  const viewer = newUser('kbset');
  await signUpViaApi(page, viewer);
  const blocked = [];
  for (let i = 0; i < 2; i++) {
    const other = await signedInUser(browser, 'kbblk');
    await other.context.close();
    blocked.push(other.user);
    expect((await page.request.post(`/api/users/${other.user.username}/block`)).ok()).toBe(true);
  }

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Blocked users' });
  const rows = section.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const firstName = (await rows.nth(0).getByRole('link').textContent()) ?? '';
  const first = blocked.find((user) => firstName.includes(user.username))!;
  const second = blocked.find((user) => user !== first)!;

  await press(section.getByRole('button', { name: `Unblock @${first.username}` }));
  await confirmWithKeyboard(page, 'Unblock');
  await expect(rows).toHaveCount(1);
  await expect(section.getByRole('link', { name: new RegExp(`@${second.username}`) })).toBeFocused();

  await press(section.getByRole('button', { name: `Unblock @${second.username}` }));
  await confirmWithKeyboard(page, 'Unblock');
  await expect(section.locator(':focus')).toHaveText('No blocked users');
});

test('a profile: Block and Débloquer hand focus to each other; the ask box and the report dialog keep it', async ({ page, browser }) => {
  const other = await signedInUser(browser, 'kbprof');
  const viewer = newUser('kbview');
  await signUpViaApi(page, viewer);
  await page.goto(`/u/${other.user.username}`);

  // Ask: the box empties and 'Ask' is disabled again; focus back in the box for the next question
  const box = page.getByLabel('Ask me a question');
  await expect(page.getByRole('heading', { name: other.user.fullname })).toBeVisible();
  await box.focus();
  await page.keyboard.type('Typed without a mouse?');
  await expect(box).toHaveValue('Typed without a mouse?');
  const ask = page.getByRole('button', { name: 'Ask', exact: true });
  await press(ask);
  await expect(page.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(ask).toBeDisabled();
  await expect(box).toBeFocused();

  // Report: Send gives way to the thanks, focus on Done (which reads them); closing returns to the flag
  const report = page.getByRole('button', { name: 'Report this profile' });
  await press(report);
  const dialog = page.getByRole('dialog', { name: 'Report this profile' });
  await dialog.getByRole('radio', { name: 'Spam' }).focus();
  await page.keyboard.press('Space');
  await press(dialog.getByRole('button', { name: 'Send' }));
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeFocused();
  await expect(done).toHaveAccessibleDescription('Thank you. Your report was sent to the moderators.');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();

  // Block: the profile turns into 'User blocked', focus on Débloquer; Débloquer: back to the block button
  await press(page.getByRole('button', { name: 'Block this user' }));
  await confirmWithKeyboard(page, 'Block');
  await expect(page.getByRole('heading', { name: 'User blocked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Débloquer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirmWithKeyboard(page, 'Unblock');
  await expect(page.getByRole('button', { name: 'Block this user' })).toBeFocused();
  await other.context.close();
});

test('Tab meets "Skip to content" first, then the navigation, then the feed; Enter skips to the screen', async ({ page, browser }, testInfo) => {
  const author = await signedInUser(browser, 'kbauth');
  const reader = newUser('kbread');
  await signUpViaApi(page, reader);
  expect((await page.request.post(`/api/users/${author.user.username}/follow`)).ok()).toBe(true);
  const asked = await page.request.post(`/api/users/${author.user.username}/questions`, { data: { text: 'Keyboard or mouse?', isAnonymous: true } });
  const { id } = await asked.json();
  expect((await author.page.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Keyboard, always.' } })).ok()).toBe(true);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/home');
    const post = page.getByRole('article').filter({ hasText: 'Keyboard, always.' });
    await expect(post).toBeVisible();
    await expect(page.locator('[aria-label="Loading Askbox"]')).toHaveCount(0); // the splash has faded

    // the first Tab: the skip link, on screen while focused
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath(`skip-link-${viewport.width}.png`) });

    // the tab order: skip link, the navigation (on a desktop: the brand, the five links, 'Ask someone'), then the feed's first post
    const desktop = viewport.width >= 1024;
    const order: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => {
          const active = document.activeElement!;
          const where = active.closest('nav') ? 'nav' : active.closest('article') ? 'post' : active.closest('main') ? 'main' : 'other';
          return `${where}:${active.textContent?.trim()}`;
        }),
      );
    }
    expect(order.slice(0, 2)).toEqual(desktop ? ['nav:Askbox', 'nav:Accueil'] : ['nav:Accueil', 'nav:Friends']);
    const navStops = desktop ? 7 : 5;
    expect(order.slice(0, navStops).every((stop) => stop.startsWith('nav:'))).toBe(true);
    if (desktop) expect(order[navStops - 1]).toBe('nav:Ask someone');
    expect(order.findIndex((stop) => stop.startsWith('post:'))).toBeGreaterThanOrEqual(navStops);

    // Enter on the skip link puts focus on the screen: the next Tab is in it, past the navigation
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.closest('main') !== null)).toBe(true);
    await expect(page).toHaveURL(/\/home$/);
  }
  await author.context.close();
});
