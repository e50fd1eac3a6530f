import type { Browser, Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test, type NewUser } from './fixtures';

/**
 * Live notification journeys. They drive the questions and follows endpoints
 * through the API contract, so they pass once those features are merged.
 */

async function signedInPage(browser: Browser, prefix: string): Promise<{ page: Page; user: NewUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  return { page, user };
}

async function openHome(page: Page) {
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test('B answers while A has /home open: the "New answers" pill shows 1', async ({ browser }) => {
  const a = await signedInPage(browser, 'pilla');
  const b = await signedInPage(browser, 'pillb');
  expect((await a.page.request.post(`/api/users/${b.user.username}/follow`)).status()).toBeLessThan(300);
  expect((await a.page.request.post(`/api/users/${b.user.username}/questions`, { data: { text: 'Live pill?', isAnonymous: true } })).status()).toBeLessThan(
    300,
  );
  await openHome(a.page);

  const inbox = await (await b.page.request.get('/api/me/inbox')).json();
  const question = inbox.items.find((q: { text: string }) => q.text === 'Live pill?');
  expect((await b.page.request.post(`/api/questions/${question.id}/answer`, { data: { answer: 'Yes, live!' } })).status()).toBeLessThan(300);

  await expect(a.page.getByRole('button', { name: /New answers/ })).toContainText('1');
  // A asked it: the answer is also unread in A's Answers tab
  await expect(a.page.getByRole('link', { name: 'Notifications' })).toContainText('1');
  await a.page.getByRole('link', { name: 'Notifications' }).click();
  await a.page.getByRole('tab', { name: 'Answers' }).click();
  await expect(a.page.getByRole('tabpanel')).toContainText('Yes, live!');
});

test('a question arriving bumps the Questions badge live', async ({ browser }) => {
  const a = await signedInPage(browser, 'qbadgea');
  const b = await signedInPage(browser, 'qbadgeb');
  await openHome(a.page);
  const questionsTab = a.page.getByRole('link', { name: 'Questions' });
  await expect(questionsTab).not.toContainText('1');
  expect(
    (await b.page.request.post(`/api/users/${a.user.username}/questions`, { data: { text: 'Do you see me?', isAnonymous: false } })).status(),
  ).toBeLessThan(300);
  await expect(questionsTab).toContainText('1');
  // screen readers hear the count as its own words, not '1Questions'
  await expect(questionsTab).toHaveAccessibleName(/^Questions ?, 1 new$/);
});

test('opening Notifications shows the new follower and clears its badge', async ({ browser }) => {
  const a = await signedInPage(browser, 'nclra');
  const b = await signedInPage(browser, 'nclrb');
  await openHome(a.page);
  const notificationsTab = a.page.getByRole('link', { name: 'Notifications' });
  expect((await b.page.request.post(`/api/users/${a.user.username}/follow`)).status()).toBeLessThan(300);
  await expect(notificationsTab).toContainText('1');
  await notificationsTab.click();
  await expect(a.page.getByRole('tabpanel')).toContainText(`${b.user.fullname} @${b.user.username} started following you!`);
  await expect(notificationsTab).not.toContainText('1');
  // read for good: back on home the badge stays cleared
  await a.page.getByRole('link', { name: 'Accueil' }).click();
  await expect(a.page).toHaveURL(/\/home$/);
  await expect(notificationsTab).not.toContainText('1');
});
