import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

const NOT_ALLOWED = 'This user only takes questions from some people for now.';

/** Asks through the profile's ask box, anonymously or not, and reads the alert the asker gets. */
async function askAndReadAlert(page: Page, username: string, text: string, anonymously: boolean): Promise<void> {
  await page.goto(`/u/${username}`);
  await page.getByLabel('Ask me a question').fill(text);
  await page.getByLabel('Ask anonymously').setChecked(anonymously);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toHaveText(new RegExp(NOT_ALLOWED.replace(/[.]/g, '\\.')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Ask me a question')).toHaveValue(text);
}

test("B's 'Who may ask me: people I follow' is told to A in the ask box's alert, the same anonymous or named, until B follows A", async ({ browser }) => {
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('asker'), newUser('choosy')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);

  await pageB.goto('/settings');
  const inbox = pageB.getByRole('region', { name: 'Inbox', exact: true });
  await inbox.getByRole('radio', { name: 'People I follow' }).check();
  await expect(inbox.getByRole('radio', { name: 'People I follow' })).toBeChecked();

  await askAndReadAlert(pageA, b.username, 'Anonymous, may I?', true);
  await askAndReadAlert(pageA, b.username, 'With my name, may I?', false);
  await pageA.setViewportSize({ width: 390, height: 844 });
  await pageA.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(pageA.getByRole('alertdialog')).toBeVisible();
  await pageA.screenshot({ path: 'test-results/who-may-ask-refused.png' });
  await pageA.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

  // B follows A: A's question goes through, with the spec's toast
  await pageB.goto(`/u/${a.username}`);
  await pageB.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageB.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await pageA.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(pageA.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
  await Promise.all([contextA.close(), contextB.close()]);
});
