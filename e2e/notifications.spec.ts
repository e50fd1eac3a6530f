import crypto from 'node:crypto';
import { expect, newUser, signUpViaApi, test } from './fixtures';

/** The notifications screens' journeys that need nothing from the other features. */

test('the Notifications screen has two real tabs with their empty states', async ({ page }) => {
  await signUpViaApi(page, newUser('ntabs'));
  await page.goto('/home');
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const activity = page.getByRole('tab', { name: 'Activity' });
  const answers = page.getByRole('tab', { name: 'Answers' });
  await expect(activity).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No notifications yet');
  await answers.click();
  await expect(answers).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No answers yet');
  // arrow keys move between tabs, as in any tab list
  await page.keyboard.press('ArrowLeft');
  await expect(activity).toHaveAttribute('aria-selected', 'true');
  await expect(activity).toBeFocused();
});

test('notifications setup: "Enable notifications" ends on /home whatever the browser answers', async ({ page }) => {
  await signUpViaApi(page, newUser('nsetup'));
  await page.goto('/notifications-setup');
  await expect(page.getByRole('heading', { name: 'Turn on notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip for now' })).toBeVisible();
  await page.getByRole('button', { name: 'Enable notifications' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('notifications setup without push support: "Notifications not supported", then /home after 2 s', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await signUpViaApi(page, newUser('nunsup'));
  await page.goto('/notifications-setup');
  await expect(page.getByRole('heading', { name: 'Notifications not supported' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue now' })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test('notifications setup with permission already granted goes straight to /home', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signUpViaApi(page, newUser('ngrant'));
  await page.goto('/notifications-setup');
  await expect(page).toHaveURL(/\/home$/);
});

test("the server offers a VAPID key and accepts this device's subscription", async ({ page }) => {
  await signUpViaApi(page, newUser('nsub'));
  const config = await (await page.request.get('/api/config')).json();
  expect(config.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  // a browser's keys: a P-256 public key and a 16-byte secret (the server checks both)
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  const device = { endpoint: `https://push.example.test/e2e-${Date.now()}`, keys };
  expect((await page.request.post('/api/push/subscriptions', { data: device })).status()).toBe(204);
  expect((await page.request.delete('/api/push/subscriptions', { data: { endpoint: device.endpoint } })).status()).toBe(204);
  const counters = await (await page.request.get('/api/me/counters')).json();
  expect(counters).toEqual({ unansweredQuestions: 0, unreadActivity: 0, unreadAnswers: 0, pendingSignups: 0 });
});
