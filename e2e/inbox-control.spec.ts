import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

const CLOSED = 'This inbox is closed for now: it takes no new questions.';

/** Opens the profile: the ask box says the inbox is closed before anything is typed, and waits closed. */
async function readClosedBeforeTyping(page: Page, username: string): Promise<void> {
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('ask-refusal')).toHaveText(CLOSED);
  await expect(page.getByLabel('Ask me a question')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
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

  // two askers are told the same before they type; nothing reaches B
  await readClosedBeforeTyping(pageA, b.username);
  await readClosedBeforeTyping(pageC, b.username);
  await pageB.goto('/questions');
  await expect(pageB.getByText('No questions yet.')).toBeVisible();

  // B resumes: A's question goes through
  await pageB.goto('/settings');
  await pageB.getByRole('region', { name: 'Inbox', exact: true }).getByRole('switch', { name: 'Pause my inbox' }).click();
  await expect(pageB.getByRole('switch', { name: 'Pause my inbox' })).not.toBeChecked();
  await pageA.reload();
  await expect(pageA.getByTestId('ask-refusal')).toHaveCount(0);
  await pageA.getByLabel('Ask me a question').fill('Are you around?');
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
