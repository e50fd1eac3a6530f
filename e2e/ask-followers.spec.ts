import { expect, signedInUser, test } from './fixtures';

test("A asks all their followers from the Questions screen: the question reaches both followers' inboxes, marked as asked to all followers", async ({
  browser,
}) => {
  test.slow(); // three people
  const a = await signedInUser(browser, 'asker');
  const followers = [await signedInUser(browser, 'fan'), await signedInUser(browser, 'fan')];
  for (const follower of followers) expect((await follower.page.request.post(`/api/users/${a.user.username}/follow`)).status()).toBe(200);

  await a.page.setViewportSize({ width: 390, height: 844 });
  await a.page.goto('/questions');
  await a.page.getByRole('button', { name: 'Ask my followers' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Ask my followers' });
  await dialog.getByLabel('Question').fill('What should I read next?');
  await expect(dialog.getByLabel('Ask anonymously')).toBeChecked();
  await a.page.screenshot({ path: 'test-results/ask-followers-dialog-390.png' });
  await dialog.getByRole('button', { name: 'Send to my followers' }).click();
  await expect(a.page.getByRole('status').getByText('Question sent to your followers ! 🚀')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  for (const follower of followers) {
    await follower.page.goto('/questions');
    const card = follower.page.getByRole('article').filter({ hasText: 'What should I read next?' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Anonymous');
    await expect(card).toContainText('asked to all followers');
  }
  await followers[0]!.page.setViewportSize({ width: 1440, height: 900 });
  await followers[0]!.page.screenshot({ path: 'test-results/ask-followers-inbox-1440.png' });
  await Promise.all([a.context.close(), ...followers.map((f) => f.context.close())]);
});
