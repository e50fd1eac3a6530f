import AxeBuilder from '@axe-core/playwright';
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

test('an admin blocks a fediverse server on the Instance screen, sees it listed, and lifts the block after a confirm', async ({ page }) => {
  const server = `spam-${Date.now().toString(36)}.example`;
  await signInAsAdmin(page);
  await page.goto('/settings/instance');
  const section = page.getByRole('region', { name: 'Blocked fediverse servers' });
  await expect(section.getByText('No server is blocked.')).toBeVisible();

  // nothing typed: the field says what it wants and keeps focus; a name the server refuses likewise
  const field = section.getByRole('textbox', { name: 'Server' });
  const blockButton = section.getByRole('button', { name: 'Block this server' });
  await blockButton.click();
  await expect(section.getByText('Enter a server name such as mastodon.social')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('not a server!');
  await field.press('Enter');
  await expect(section.getByText('Enter a server name such as mastodon.social')).toBeVisible();
  expect((await (await page.request.get('/api/admin/fediverse/blocks')).json()).items).toEqual([]);

  // by keyboard: the name, Tab to the reason, Enter
  await field.fill(server.toUpperCase());
  await field.press('Tab');
  await expect(section.getByRole('textbox', { name: 'Reason (optional)' })).toBeFocused();
  await page.keyboard.type('Floods our inboxes');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${server} is blocked.`)).toBeVisible();
  const list = section.getByRole('list', { name: 'Blocked fediverse servers' });
  const row = list.getByRole('listitem').filter({ hasText: server });
  await expect(row).toBeVisible();
  await expect(row.getByText('“Floods our inboxes”', { exact: false })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(section.getByText('No server is blocked.')).toHaveCount(0);
  const listed = (await (await page.request.get('/api/admin/fediverse/blocks')).json()).items as { domain: string; reason: string }[];
  expect(listed.map(({ domain, reason }) => ({ domain, reason }))).toEqual([{ domain: server, reason: 'Floods our inboxes' }]);
  // the screen with its list passes axe (no serious or critical violation) in both themes
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${colorScheme}: ${v.id}`);
    expect(serious).toEqual([]);
  }

  // 'Unblock' asks first: Cancel keeps the block
  const unblock = row.getByRole('button', { name: `Unblock ${server}` });
  await unblock.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Unblock ${server}? Its accounts can reach this instance again.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await unblock.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText(`${server} is unblocked.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('No server is blocked.')).toBeVisible();
  expect((await (await page.request.get('/api/admin/fediverse/blocks')).json()).items).toEqual([]);
});
