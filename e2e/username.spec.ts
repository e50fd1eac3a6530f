import AxeBuilder from '@axe-core/playwright';
import { expect, signedInUser, test } from './fixtures';

test('Settings › Change username: the profile takes the new name, and an old link leads to it, signed in and signed out', async ({ browser }) => {
  const owner = await signedInUser(browser, 'renamer');
  const reader = await signedInUser(browser, 'reader');
  const oldName = owner.user.username;
  const newName = `${oldName.slice(0, 20)}_new`;
  // a public profile with one answer, so its old answer link has something to open
  expect((await owner.page.request.patch('/api/me/settings', { data: { publicProfile: true } })).status()).toBe(200);
  const asked = await reader.page.request.post(`/api/users/${oldName}/questions`, { data: { text: 'What is new?', isAnonymous: true } });
  const questionId = ((await asked.json()) as { id: string }).id;
  expect((await owner.page.request.post(`/api/questions/${questionId}/answer`, { data: { answer: 'My name' } })).status()).toBe(204);

  await owner.page.goto('/settings');
  await owner.page.getByRole('button', { name: 'Change username' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Change username' });
  await expect(dialog.getByText('Your old links keep working')).toBeVisible();
  const axe = await new AxeBuilder({ page: owner.page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // a name the sign-up refuses is refused here, in words
  await dialog.getByLabel('New username').fill('Not Valid');
  await dialog.getByRole('button', { name: 'Change username' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('New username').fill(newName);
  await dialog.getByRole('button', { name: 'Change username' }).click();
  await expect(owner.page.getByText(`Your username is now @${newName}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // the reader's old link: the answer, under the new name
  await reader.page.goto(`/u/${oldName}/answers/${questionId}`);
  await expect(reader.page).toHaveURL(new RegExp(`/u/${newName}/answers/${questionId}$`));
  await expect(reader.page.getByText('My name')).toBeVisible();

  // signed out, the public profile's old link opens its page under the new name
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/u/${oldName}`);
  await expect(page).toHaveURL(new RegExp(`/u/${newName}$`));
  await expect(page.getByText(`@${newName}`).first()).toBeVisible();

  // a second change within 30 days says when it may change again
  await owner.page.getByRole('button', { name: 'Change username' }).click();
  await dialog.getByLabel('New username').fill(`${newName}2`);
  await dialog.getByRole('button', { name: 'Change username' }).click();
  await expect(dialog.getByRole('alert')).toContainText('You can change your username again on');
  await visitor.close();
  await owner.context.close();
  await reader.context.close();
});
