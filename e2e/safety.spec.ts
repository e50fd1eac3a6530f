import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

/** Asks through the profile's ask box and waits for the usual success toast. */
async function askThroughUi(page: Page, username: string, text: string): Promise<void> {
  await page.goto(`/u/${username}`);
  await page.getByLabel('Ask me a question').fill(text);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
}

test('B blocks an anonymous asker from the inbox: their next question never arrives, while they still see the success toast', async ({ browser }) => {
  test.slow(); // three people, eight questions and a round trip through Settings
  const [contextA, contextB, contextC] = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const [pageA, pageB, pageC] = [await contextA.newPage(), await contextB.newPage(), await contextC.newPage()];
  const [a, b, c] = [newUser('troll'), newUser('target'), newUser('friend')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);
  await signUpViaApi(pageC, c);

  await askThroughUi(pageA, b.username, 'You are the worst, admit it');
  await askThroughUi(pageA, b.username, 'Another one from me');
  await askThroughUi(pageC, b.username, 'What are you reading?');

  await pageB.goto('/questions');
  const nasty = pageB.getByRole('article').filter({ hasText: 'You are the worst' });
  await expect(nasty.getByText('Anonymous')).toBeVisible();
  // a confirm first; Cancel changes nothing
  await nasty.getByRole('button', { name: 'Block this asker' }).click();
  const dialog = pageB.getByRole('alertdialog');
  await expect(dialog).toContainText('You will not learn who it was');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(nasty).toBeVisible();
  await nasty.getByRole('button', { name: 'Block this asker' }).click();
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'Block this asker' }).click();
  await expect(nasty).toHaveCount(0);
  // the other questions already received stay, the same person's included
  await expect(pageB.getByRole('article').filter({ hasText: 'Another one from me' })).toBeVisible();
  await expect(pageB.getByRole('article').filter({ hasText: 'What are you reading?' })).toBeVisible();
  await expect(pageB.getByRole('link', { name: /Questions\s*, 2 new/ }).first()).toBeVisible();

  // the asker is told nothing: the same toast, and B's profile as before
  await askThroughUi(pageA, b.username, 'Did you block me?');
  await expect(pageA.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await askThroughUi(pageC, b.username, 'Coffee later?');

  await pageB.reload();
  await expect(pageB.getByRole('article').filter({ hasText: 'Coffee later?' })).toBeVisible();
  await expect(pageB.getByRole('article').filter({ hasText: 'Did you block me?' })).toHaveCount(0);
  await expect(pageB.getByRole('article')).toHaveCount(3);

  // Settings › Blocked users: 'Anonymous asker' with the question, never who; unblock from there
  await pageB.goto('/settings');
  const blocked = pageB.getByRole('region', { name: 'Blocked users' });
  await expect(blocked.getByText('Anonymous asker')).toBeVisible();
  await expect(blocked.getByText('“You are the worst, admit it”')).toBeVisible();
  await expect(blocked).not.toContainText(a.username);
  await expect(blocked).not.toContainText(a.fullname);
  await pageB.setViewportSize({ width: 390, height: 844 });
  await blocked.screenshot({ path: 'test-results/safety-blocked-askers.png' });
  await blocked.getByRole('button', { name: 'Unblock the anonymous asker of “You are the worst, admit it”' }).click();
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(blocked.getByText('No blocked users')).toBeVisible();

  await askThroughUi(pageA, b.username, 'Back again');
  await pageB.goto('/questions');
  await expect(pageB.getByRole('article').filter({ hasText: 'Back again' })).toBeVisible();
  await Promise.all([contextA.close(), contextB.close(), contextC.close()]);
});

test('B mutes a word in Settings: a question containing it never arrives, the asker sees success', async ({ browser }) => {
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('asker'), newUser('muter')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);

  await pageB.goto('/settings');
  const section = pageB.getByRole('region', { name: 'Questions you receive' });
  await section.getByLabel('Word to mute').fill('  Crêpe ');
  await section.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(section.getByRole('list', { name: 'Muted words' }).getByText('crêpe')).toBeVisible();
  await section.getByLabel('Word to mute').fill('spoiler');
  await section.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await section.getByLabel('Word to mute').fill('SPOILER');
  await section.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(pageB.getByRole('alertdialog')).toContainText('This word is already muted.');
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await section.getByRole('button', { name: 'Unmute “spoiler”' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await pageB.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: 'test-results/safety-muted-words.png' });

  await askThroughUi(pageA, b.username, 'Do you like CREPES or a CRÊPE?');
  await askThroughUi(pageA, b.username, 'Any spoiler for tonight?');
  await pageB.goto('/questions');
  await expect(pageB.getByRole('article').filter({ hasText: 'Any spoiler for tonight?' })).toBeVisible();
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await pageB.screenshot({ path: 'test-results/safety-inbox.png' });
  await Promise.all([contextA.close(), contextB.close()]);
});

test("B refuses anonymous questions: A's ask box has no 'Ask anonymously' and the question arrives with A's name", async ({ browser }) => {
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('named'), newUser('refuser')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);

  await pageA.goto(`/u/${b.username}`);
  await expect(pageA.getByLabel('Ask anonymously')).toBeChecked();

  await pageB.goto('/settings');
  const toggle = pageB.getByRole('switch', { name: 'Refuse anonymous questions' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await pageB.reload();
  await expect(pageB.getByRole('switch', { name: 'Refuse anonymous questions' })).toBeChecked();

  await pageA.reload();
  await expect(pageA.getByLabel('Ask me a question')).toBeVisible();
  await expect(pageA.getByLabel('Ask anonymously')).toHaveCount(0);
  await pageA.setViewportSize({ width: 390, height: 844 });
  await askThroughUi(pageA, b.username, 'Asking with my name');
  await expect(pageA.getByLabel('Ask anonymously')).toHaveCount(0);
  await pageA
    .locator('form')
    .filter({ has: pageA.getByLabel('Ask me a question') })
    .screenshot({ path: 'test-results/safety-refuse-anonymous.png' });

  await pageB.goto('/questions');
  const item = pageB.getByRole('article').filter({ hasText: 'Asking with my name' });
  await expect(item.getByRole('link', { name: new RegExp(a.fullname) })).toBeVisible();
  await Promise.all([contextA.close(), contextB.close()]);
});
