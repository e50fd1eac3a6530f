import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

async function askThroughUi(page: Page, username: string, text: string): Promise<void> {
  await page.goto(`/u/${username}`);
  await page.getByLabel('Ask me a question').fill(text);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
}

test('with Keep filtered questions on, a muted-word question lands in Filtered, and moves to the inbox from there', async ({ browser }) => {
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('asker'), newUser('filterer')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);

  await pageB.goto('/settings');
  const section = pageB.getByRole('region', { name: 'Questions you receive' });
  await section.getByLabel('Word to mute').fill('spoiler');
  await section.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(section.getByRole('list', { name: 'Muted words' }).getByText('spoiler')).toBeVisible();
  const keep = section.getByRole('switch', { name: 'Keep filtered questions' });
  await expect(keep).not.toBeChecked();
  await keep.click();
  await expect(keep).toBeChecked();
  await pageB.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: 'test-results/filtered-setting.png' });

  // the asker sees the usual success either way
  await askThroughUi(pageA, b.username, 'Any spoiler for tonight?');
  await askThroughUi(pageA, b.username, 'What are you reading?');

  await pageB.goto('/questions');
  await expect(pageB.getByRole('article').filter({ hasText: 'What are you reading?' })).toBeVisible();
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await pageB.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Filtered' }).click();
  const filtered = pageB.getByRole('article').filter({ hasText: 'Any spoiler for tonight?' });
  await expect(filtered).toBeVisible();
  await expect(filtered).toContainText('Anonymous');
  await expect(pageB.getByRole('article')).toHaveCount(1);
  await pageB.screenshot({ path: 'test-results/filtered-view-390.png' });
  await pageB.setViewportSize({ width: 1440, height: 900 });
  await pageB.screenshot({ path: 'test-results/filtered-view-1440.png' });

  await filtered.getByRole('button', { name: 'Move to inbox' }).click();
  await expect(pageB.getByText('No filtered questions.')).toBeVisible();
  await pageB.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();
  await expect(pageB.getByRole('article')).toHaveCount(2);
  await expect(pageB.getByRole('article').filter({ hasText: 'Any spoiler for tonight?' })).toBeVisible();
  await Promise.all([contextA.close(), contextB.close()]);
});

test('with the option off (the default) there is no Filtered view and a muted-word question is gone', async ({ browser }) => {
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const [a, b] = [newUser('asker'), newUser('plain')];
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);
  expect((await pageB.request.post('/api/me/muted-words', { data: { word: 'spoiler' } })).status()).toBe(200);
  await askThroughUi(pageA, b.username, 'Any spoiler for tonight?');
  await pageB.goto('/questions');
  await expect(pageB.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Fediverse' })).toBeVisible();
  await expect(pageB.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Filtered' })).toHaveCount(0);
  await expect(pageB.getByText('No questions yet')).toBeVisible();
  await Promise.all([contextA.close(), contextB.close()]);
});
