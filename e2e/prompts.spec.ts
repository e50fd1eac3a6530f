import { BUILT_IN_PROMPTS } from '@askbox/common/prompts/builtin';
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
