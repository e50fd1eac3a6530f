import { expect, signedInUser, test } from './fixtures';

test("'Questions I asked', from Settings: the answered one with its answer, the others alike as not answered yet", async ({ browser }, testInfo) => {
  const receiver = await signedInUser(browser, 'askedrecv');
  const me = await signedInUser(browser, 'askedme');
  const ask = async (text: string, isAnonymous: boolean) =>
    ((await (await me.page.request.post(`/api/users/${receiver.user.username}/questions`, { data: { text, isAnonymous } })).json()) as { id: string }).id;
  const answered = await ask('Which book first?', false);
  const deleted = await ask('Will you delete me?', true);
  await ask('Still waiting here', true);
  expect((await receiver.page.request.post(`/api/questions/${answered}/answer`, { data: { answer: 'Start with the short one.' } })).status()).toBe(204);
  expect((await receiver.page.request.delete(`/api/questions/${deleted}`)).status()).toBeLessThan(300);

  await me.page.goto('/settings');
  await me.page.getByRole('link', { name: 'Questions I asked' }).click();
  await expect(me.page).toHaveURL(/\/settings\/questions-asked$/);
  await expect(me.page.getByRole('heading', { name: 'Questions I asked', level: 1 })).toBeVisible();
  const items = me.page.getByRole('article');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Still waiting here');
  await expect(items.nth(0)).toContainText('Not answered yet');
  await expect(items.nth(1)).toContainText('Will you delete me?');
  await expect(items.nth(1)).toContainText('Not answered yet');
  await expect(items.nth(1)).toContainText('sent anonymously');
  await expect(items.nth(2)).toContainText('Start with the short one.');
  await expect(items.nth(2).getByRole('link', { name: `To ${receiver.user.fullname} @${receiver.user.username}` })).toBeVisible();
  await me.page.screenshot({ path: testInfo.outputPath('questions-asked-390.png'), fullPage: true });
  for (const c of [receiver, me]) await c.context.close();
});
