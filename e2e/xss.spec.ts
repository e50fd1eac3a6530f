import type { Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test } from './fixtures';

/**
 * Stored XSS: markup and script typed into every user text the app shows (full name,
 * bio, question, answer) is rendered as text in Chromium, on every screen that shows it. Nothing
 * runs: no dialog, no element made from it, no flag set by a handler.
 */
const PAYLOAD = `<img src=x onerror="window.__xss=1;alert(1)">"'<svg/onload=alert(2)>`;

/** Watches a page for anything the payload could do if it ran or became markup. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
}

test('user texts with markup and script render as text on every screen that shows them', async ({ browser }) => {
  const attackerContext = await browser.newContext();
  const victimContext = await browser.newContext();
  const attacker = await attackerContext.newPage();
  const victim = await victimContext.newPage();
  const dialogs: string[] = [];
  for (const page of [attacker, victim]) page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));

  const evil = { ...newUser('xss'), fullname: PAYLOAD.slice(0, 80) };
  const target = newUser('xsv');
  await signUpViaApi(attacker, evil);
  await signUpViaApi(victim, target);
  expect((await attacker.request.patch('/api/me/profile', { data: { fullname: evil.fullname, bio: `bio ${PAYLOAD}`, website: '' } })).status()).toBe(200);
  // a website must be an http(s) link: a javascript: one is refused
  expect((await attacker.request.patch('/api/me/profile', { data: { fullname: evil.fullname, bio: '', website: 'javascript:alert(1)' } })).status()).toBe(400);
  expect((await attacker.request.patch('/api/me/profile', { data: { fullname: evil.fullname, bio: `bio ${PAYLOAD}`, website: '' } })).status()).toBe(200);
  expect((await attacker.request.post(`/api/users/${target.username}/follow`)).status()).toBe(200);
  expect((await victim.request.post(`/api/users/${evil.username}/follow`)).status()).toBe(200);
  const asked = await attacker.request.post(`/api/users/${target.username}/questions`, { data: { text: `Q ${PAYLOAD}`, isAnonymous: false } });
  expect(asked.status()).toBe(201);
  const { id } = await asked.json();

  // the victim's inbox: the question text and the sender's name
  await victim.goto('/questions');
  await expect(victim.getByText(`Q ${PAYLOAD}`)).toBeVisible();
  await expectInert(victim);
  // answered with the payload too, then shown on the victim's profile and the attacker's feed
  expect((await victim.request.post(`/api/questions/${id}/answer`, { data: { answer: `A ${PAYLOAD}` } })).status()).toBe(204);
  expect((await attacker.request.post(`/api/answers/${id}/like`)).status()).toBe(200);
  await victim.goto('/profile');
  await expect(victim.getByText(`A ${PAYLOAD}`)).toBeVisible();
  await expectInert(victim);
  await attacker.goto('/home');
  await expect(attacker.getByText(`A ${PAYLOAD}`)).toBeVisible();
  await expectInert(attacker);
  // the attacker's name in the victim's notifications (follow, like) and on the attacker's profile
  await victim.goto('/notifications');
  await expect(victim.getByText(evil.fullname).first()).toBeVisible();
  await expectInert(victim);
  await victim.goto(`/u/${evil.username}`);
  await expect(victim.getByText(`bio ${PAYLOAD}`)).toBeVisible();
  await expect(victim.getByText(evil.fullname).first()).toBeVisible();
  await expectInert(victim);
  // search results and the followers list
  await victim.goto('/friends');
  await victim.getByRole('searchbox', { name: 'Add or search friends' }).fill(evil.username);
  await expect(victim.getByText(evil.fullname).first()).toBeVisible();
  await expectInert(victim);

  expect(dialogs).toEqual([]);
  await attackerContext.close();
  await victimContext.close();
});
