import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

const CLOSED = 'This inbox is closed for now: it takes no new questions.';

/** Tries to ask through the profile's ask box and reads the alert the asker gets. */
async function askAndReadAlert(page: Page, username: string, text: string): Promise<void> {
  await page.goto(`/u/${username}`);
  await page.getByLabel('Ask me a question').fill(text);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toHaveText(new RegExp(CLOSED.replace(/[.]/g, '\\.')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  // the question stays typed, to send once the inbox opens again
  await expect(page.getByLabel('Ask me a question')).toHaveValue(text);
}

test('B pauses their inbox from Settings: every asker is told it is closed, until B resumes', async ({ browser }) => {
  test.slow(); // three people and a round trip through Settings
  const [contextA, contextB, contextC] = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const [pageA, pageB, pageC] = [await contextA.newPage(), await contextB.newPage(), await contextC.newPage()];
  const [a, b, c] = [newUser('asker'), newUser('paused'), newUser('other')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);
  await signUpViaApi(pageC, c);

  // Settings › Inbox, with the keyboard: the switch, then an end time
  await pageB.goto('/settings');
  const inbox = pageB.getByRole('region', { name: 'Inbox', exact: true });
  const pause = inbox.getByRole('switch', { name: 'Pause my inbox' });
  await pause.focus();
  await pageB.keyboard.press('Space');
  await expect(pause).toBeChecked();
  await inbox.getByLabel('Pause ends').selectOption({ label: 'In 1 day' });
  await expect(inbox.getByLabel('Pause ends')).toContainText(/On /);
  expect((await (await pageB.request.get('/api/me/settings')).json()).inboxPausedUntil).not.toBeNull();

  // two askers get the same alert; nothing reaches B
  await askAndReadAlert(pageA, b.username, 'Are you around?');
  await askAndReadAlert(pageC, b.username, 'Hello?');
  await pageB.goto('/questions');
  await expect(pageB.getByText('No questions yet.')).toBeVisible();

  // B resumes: A's question goes through
  await pageB.goto('/settings');
  await pageB.getByRole('region', { name: 'Inbox', exact: true }).getByRole('switch', { name: 'Pause my inbox' }).click();
  await expect(pageB.getByRole('switch', { name: 'Pause my inbox' })).not.toBeChecked();
  await pageA.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(pageA.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
  await pageB.goto('/questions');
  await expect(pageB.getByRole('article').filter({ hasText: 'Are you around?' })).toBeVisible();

  for (const context of [contextA, contextB, contextC]) await context.close();
});

test('B filters the inbox, deletes all the anonymous questions, undoes it, then deletes them for good', async ({ browser }) => {
  test.slow();
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('asker'), newUser('cleaner')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);
  for (const [text, isAnonymous] of [
    ['Anonymous one?', true],
    ['Named about books?', false],
    ['Anonymous two?', true],
  ] as const) {
    expect((await pageA.request.post(`/api/users/${b.username}/questions`, { data: { text, isAnonymous } })).status()).toBe(201);
  }

  await pageB.goto('/questions');
  await expect(pageB.getByRole('article')).toHaveCount(3);
  await pageB.getByLabel('Search your questions').fill('books');
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await pageB.getByLabel('Search your questions').fill('');
  await pageB.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Anonymous' }).click();
  await expect(pageB.getByRole('button', { name: 'Anonymous', pressed: true })).toBeVisible();
  await expect(pageB.getByRole('article')).toHaveCount(2);

  // one confirm, then the questions vanish with an Undo
  await pageB.getByRole('button', { name: 'Delete all shown' }).click();
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(pageB.getByRole('article')).toHaveCount(0);
  await pageB.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(pageB.getByRole('article')).toHaveCount(2);

  // again, and this time the Undo time runs out
  await pageB.getByRole('button', { name: 'Delete all shown' }).click();
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(pageB.getByRole('status').getByText('Questions deleted.')).toBeVisible();
  await expect(pageB.getByRole('status').getByText('Questions deleted.')).toBeHidden({ timeout: 15_000 });
  await pageB.reload();
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await expect(pageB.getByRole('article')).toContainText('Named about books?');

  for (const context of [contextA, contextB]) await context.close();
});
