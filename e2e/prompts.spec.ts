import { BUILT_IN_PROMPTS } from '@askbox/common/prompts/builtin';
import { e2eAdmin } from './admin-setup';
import { expect, signedInUser, test } from './fixtures';

test("'Need inspiration?' fills the ask box with an idea; the asker sends it and it reaches the receiver's inbox", async ({ browser }) => {
  test.slow(); // two people
  const receiver = await signedInUser(browser, 'inspired');
  const asker = await signedInUser(browser, 'asker');

  // the receiver's empty inbox offers an idea, to ask their followers
  await receiver.page.setViewportSize({ width: 390, height: 844 });
  await receiver.page.goto('/questions');
  await receiver.page.getByRole('button', { name: 'Need inspiration?' }).click();
  const idea = receiver.page.getByRole('status').filter({ hasText: '?' });
  await expect(idea).toBeVisible();
  const shown = (await idea.locator('p').textContent()) ?? '';
  expect(BUILT_IN_PROMPTS.en).toContain(shown);
  await receiver.page.screenshot({ path: 'test-results/prompts-inbox-390.png' });
  await idea.getByRole('button', { name: 'Ask my followers' }).click();
  const dialog = receiver.page.getByRole('dialog', { name: 'Ask my followers' });
  await expect(dialog.getByLabel('Question')).toHaveValue(shown);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // on the receiver's profile, the asker draws an idea into the box and sends it themself
  await asker.page.setViewportSize({ width: 1440, height: 900 });
  await asker.page.goto(`/u/${receiver.user.username}`);
  const box = asker.page.getByLabel('Ask me a question');
  await asker.page.getByRole('button', { name: 'Need inspiration?' }).click();
  await expect(box).not.toHaveValue('');
  const first = await box.inputValue();
  expect(BUILT_IN_PROMPTS.en).toContain(first);
  // another draw gives another idea (a shuffled deck: no repeat until all were shown)
  await asker.page.getByRole('button', { name: 'Need inspiration?' }).click();
  await expect(box).not.toHaveValue(first);
  const prompt = await box.inputValue();
  expect(BUILT_IN_PROMPTS.en).toContain(prompt);
  await asker.page.screenshot({ path: 'test-results/prompts-askbox-1440.png' });
  await asker.page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(asker.page.getByRole('status').getByText('Question sent')).toBeVisible();

  await receiver.page.goto('/questions');
  await expect(receiver.page.getByRole('article').filter({ hasText: prompt })).toBeVisible();
  await Promise.all([receiver.context.close(), asker.context.close()]);
});

test("an admin sets today's question of the day in Settings: it is the first idea offered, then removed it is gone", async ({ page, browser }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(login.status()).toBe(200);
  const text = `What is your plan for today, ${Date.now()}?`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/pages');
  const section = page.getByRole('region', { name: 'Ideas of questions' });
  await section.getByLabel('Idea of a question').fill(text);
  await section.getByLabel('Question of the day on (optional)').fill(new Date().toISOString().slice(0, 10));
  await section.getByRole('button', { name: 'Add' }).click();
  const row = section.getByRole('listitem').filter({ hasText: text });
  await expect(row).toContainText('Question of the day');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/prompts-admin-390.png' });

  const asker = await signedInUser(browser, 'daily');
  await asker.page.goto(`/u/${e2eAdmin.username}`);
  await asker.page.getByRole('button', { name: 'Need inspiration?' }).click();
  await expect(asker.page.getByLabel('Ask me a question')).toHaveValue(text);

  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  const list = await asker.page.request.get('/api/prompts?lang=en');
  expect((await list.json()).questionOfTheDay).toBeNull();
  await asker.context.close();
});
