import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

const NOT_ALLOWED = 'This user only takes questions from some people for now.';

/** Opens the profile: the ask box says A may not ask before anything is typed, and waits closed. */
async function readRefusalBeforeTyping(page: Page, username: string): Promise<void> {
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('ask-refusal')).toHaveText(NOT_ALLOWED);
  await expect(page.getByLabel('Ask me a question')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
}

test("B's 'Who may ask me: people I follow' is told to A in the ask box before A types, until B follows A", async ({ browser }) => {
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('asker'), newUser('choosy')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);

  await pageB.goto('/settings');
  const inbox = pageB.getByRole('region', { name: 'Inbox', exact: true });
  await inbox.getByRole('radio', { name: 'People I follow' }).check();
  await expect(inbox.getByRole('radio', { name: 'People I follow' })).toBeChecked();

  await pageA.setViewportSize({ width: 390, height: 844 });
  await readRefusalBeforeTyping(pageA, b.username);
  await pageA.screenshot({ path: 'test-results/who-may-ask-refused.png' });
  // the ask itself meets the same refusal, anonymous or named (the server's one rule)
  for (const isAnonymous of [true, false]) {
    const asked = await pageA.request.post(`/api/users/${b.username}/questions`, { data: { text: 'May I?', isAnonymous } });
    expect(asked.status()).toBe(403);
    expect((await asked.json()).error.message).toBe(NOT_ALLOWED);
  }

  // B follows A: A's question goes through, with the spec's toast
  await pageB.goto(`/u/${a.username}`);
  await pageB.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageB.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await pageA.reload();
  await expect(pageA.getByTestId('ask-refusal')).toHaveCount(0);
  await pageA.getByLabel('Ask me a question').fill('With my name, may I?');
  await pageA.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(pageA.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
  await Promise.all([contextA.close(), contextB.close()]);
});
