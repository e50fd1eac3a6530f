import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-setup';
import { expect, newUser, signedInUser, signUpViaApi, test } from './fixtures';

async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).user.isAdmin).toBe(true);
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

test('an admin made by the CLI sends a global question; two users find it in their inbox with no sender shown', async ({ page, browser }) => {
  const alice = await signedInUser(browser, 'gqa');
  const bob = await signedInUser(browser, 'gqb');

  await signInAsAdmin(page);
  await openSettings(page);
  const card = page.getByRole('region', { name: 'Admin Features' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Send Global Question to All Users' }).click();

  const modal = page.getByRole('dialog', { name: 'Send Global Question' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('This question will be sent to all users of the app.')).toBeVisible();
  await expect(modal.getByLabel('Question')).toBeFocused();
  const send = modal.getByRole('button', { name: 'Send to All Users' });
  await expect(send).toBeDisabled();
  await modal.getByLabel('Question').fill('    ');
  await expect(send).toBeDisabled(); // blank after trim

  const question = `What made you smile today? ${Date.now()}`;
  await modal.getByLabel('Question').fill(question);
  await expect(modal.getByText(`${300 - question.length} characters left`)).toBeVisible();

  // hold the request to see the busy state, then let it through
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/global-question', async (route) => {
    await held;
    await route.continue();
  });
  await send.click();
  await expect(modal.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveText(/Global question sent to \d+ users successfully!/);
  const count = Number((await alert.textContent())!.match(/sent to (\d+) users/)![1]);
  expect(count).toBeGreaterThanOrEqual(3); // the admin, alice, bob and whoever the other specs created
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toBeHidden();

  // both receivers see it in their inbox (the Questions tab), anonymous: no admin name anywhere
  for (const receiver of [alice, bob]) {
    await receiver.page.goto('/questions');
    await expect(receiver.page.getByText(question)).toBeVisible();
    await expect(receiver.page.getByText(e2eAdmin.fullname)).toHaveCount(0);
    await expect(receiver.page.getByText(`@${e2eAdmin.username}`)).toHaveCount(0);
    await receiver.context.close();
  }
});

test('a failed global send shows the spec alert (an accessible alertdialog: focus inside, Escape closes it)', async ({ page }) => {
  await signInAsAdmin(page);
  await openSettings(page);
  await page.getByRole('button', { name: 'Send Global Question to All Users' }).click();
  const modal = page.getByRole('dialog', { name: 'Send Global Question' });
  await modal.getByLabel('Question').fill('Will this reach anyone?');
  await page.route('**/api/admin/global-question', (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }));
  await modal.getByRole('button', { name: 'Send to All Users' }).click();

  const alert = page.getByRole('alertdialog', { name: 'Error sending global question. Please try again.' });
  await expect(alert).toBeVisible();
  const ok = alert.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused(); // focus is trapped in the dialog
  await alert.getByText('Error sending global question. Please try again.').click();
  await page.keyboard.press('Escape'); // still works after a click on the text
  await expect(alert).toBeHidden();
  // the modal is still open with the text, ready for another try; Cancel closes it
  await expect(modal.getByLabel('Question')).toHaveValue('Will this reach anyone?');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('a non-admin sees no admin card and the server refuses the admin endpoint', async ({ page }) => {
  await signUpViaApi(page, newUser('plain'));
  await openSettings(page);
  await expect(page.getByRole('heading', { name: 'Blocked users' })).toBeVisible();
  await expect(page.getByText('Admin Features')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Global Question to All Users' })).toHaveCount(0);
  const res = await page.request.post('/api/admin/global-question', { data: { text: 'Sneaky?' } });
  expect(res.status()).toBe(403);
});
