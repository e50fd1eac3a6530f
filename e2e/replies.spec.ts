import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

/** Serious or critical axe violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('someone replies under an answer, sees the count; the owner is notified, hides the reply and turns replies off', async ({ browser }) => {
  const owner = await signedInUser(browser, 'rowner');
  const fan = await signedInUser(browser, 'rfan');
  // a public profile takes replies by default; the fan asks anonymously and the owner answers
  expect((await owner.page.request.patch('/api/me/settings', { data: { publicProfile: true } })).status()).toBe(200);
  const asked = await fan.page.request.post(`/api/users/${owner.user.username}/questions`, { data: { text: 'Tea or coffee?', isAnonymous: true } });
  const { id } = await asked.json();
  expect((await owner.page.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Tea, always.' } })).status()).toBe(204);

  // the answer's own page opens its thread: the fan replies
  await fan.page.goto(`/u/${owner.user.username}/answers/${id}`);
  const card = fan.page.locator(`#post-${id}`);
  const thread = card.getByRole('region', { name: `Replies to the answer by @${owner.user.username}` });
  await expect(thread.getByText('No replies yet.')).toBeVisible();
  const field = thread.getByLabel('Write a reply');
  await expect(thread.getByRole('button', { name: 'Reply', exact: true })).toBeDisabled();
  await field.fill(`Green tea, @${owner.user.username}?`);
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = thread.getByRole('listitem', { name: `Reply by @${fan.user.username}` });
  await expect(reply).toContainText('Green tea,');
  await expect(reply.getByRole('link', { name: `@${owner.user.username}` })).toHaveAttribute('href', `/u/${owner.user.username}`);
  await expect(field).toHaveValue('');
  await expect(card.getByRole('button', { name: 'Replies: 1' })).toHaveAttribute('aria-expanded', 'true');
  expect(await violations(fan.page)).toEqual([]);

  // the owner is told in the Activity tab, and opens the answer from there
  await owner.page.goto('/notifications');
  const row = owner.page.getByTestId('activity-group').filter({ hasText: 'replied to your answer' });
  await expect(row).toContainText(fan.user.fullname);
  await row.click();
  await expect(owner.page).toHaveURL(new RegExp(`/profile#post-${id}$`));
  const ownCard = owner.page.locator(`#post-${id}`);
  const ownReply = ownCard.getByRole('listitem', { name: `Reply by @${fan.user.username}` });
  await expect(ownReply).toBeVisible();
  expect(await violations(owner.page)).toEqual([]);

  // the owner hides it: gone from the thread, waiting in Settings › Replies › Hidden replies
  await ownReply.getByRole('button', { name: 'More actions' }).click();
  await ownReply.getByRole('menuitem', { name: 'Hide reply' }).click();
  await expect(ownCard.getByRole('listitem', { name: `Reply by @${fan.user.username}` })).toHaveCount(0);
  await expect(ownCard.getByRole('button', { name: 'Replies: 0' })).toBeVisible();
  await owner.page.goto('/settings');
  const section = owner.page.getByRole('region', { name: 'Replies' });
  await expect(section.getByRole('listitem', { name: `Reply by @${fan.user.username}` })).toContainText('Green tea,');

  // replies off: the fan finds the thread closed and no count
  await section.getByRole('switch', { name: 'Replies under my answers' }).uncheck();
  await expect.poll(async () => (await (await owner.page.request.get('/api/me/settings')).json()).repliesEnabled).toBe(false);
  await fan.page.goto(`/u/${owner.user.username}/answers/${id}`);
  await expect(card.getByText('Replies are off for this answer.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Replies: 0' })).toBeVisible();
  await expect(card.getByLabel('Write a reply')).toHaveCount(0);
  expect(await violations(fan.page)).toEqual([]);
  await owner.context.close();
  await fan.context.close();
});
