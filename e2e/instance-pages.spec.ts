import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-setup';
import { expect, signedInUser, test } from './fixtures';

async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(res.status(), await res.text()).toBe(200);
}

test('the admin writes the rules; a signed-out visitor reads them, with the HTML in them shown as text and never run', async ({ page, browser }, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/settings');
  await page.getByRole('region', { name: 'Admin Features' }).getByRole('link', { name: 'Instance pages and announcement' }).click();
  await expect(page).toHaveURL(/\/settings\/pages$/);
  await expect(page).toHaveTitle('Instance pages · Askbox');

  const editor = page.getByLabel('Text (Markdown)');
  await expect(editor).toHaveValue(/# Rules/); // the default text, which the admin may keep
  const marker = `House rules ${Date.now()}`;
  await editor.fill(
    `# ${marker}\n\n- Be **kind**.\n- No ads.\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n\n[click me](javascript:window.__xss=3)`,
  );
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Page saved.' })).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto('/onboarding');
    await visitor.getByRole('navigation', { name: 'About this instance' }).getByRole('link', { name: 'Rules' }).click();
    await expect(visitor).toHaveURL(/\/rules$/);
    await expect(visitor.getByRole('heading', { name: marker, level: 1 })).toBeVisible();
    await expect(visitor.getByRole('listitem').filter({ hasText: 'Be kind.' })).toBeVisible();
    await expect(visitor).toHaveTitle('Rules · Askbox');
    // the tags are text, the javascript: link is no link, nothing ran
    await expect(visitor.getByText('<script>window.__xss=2</script>', { exact: false })).toBeVisible();
    await expect(visitor.locator('article img, article script, article a[href^="javascript"]')).toHaveCount(0);
    await visitor.getByText('[click me]', { exact: false }).click();
    expect(await visitor.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await visitor.screenshot({ path: testInfo.outputPath('rules-390.png') });

    // sign-up says the rules are accepted, with a link to them
    await visitor.goto('/signup');
    await expect(visitor.getByText('By signing up you accept the')).toBeVisible();
    await visitor.getByRole('link', { name: 'rules', exact: true }).click();
    await expect(visitor.getByRole('heading', { name: marker })).toBeVisible();

    // a signed-in person reports a profile for breaking one of the written rules
    const reporter = await signedInUser(browser, 'rulerep');
    try {
      const target = await signedInUser(browser, 'ruletarget');
      await target.context.close();
      await reporter.page.goto(`/u/${target.user.username}`);
      await reporter.page.getByRole('button', { name: 'Report this profile' }).click();
      const dialog = reporter.page.getByRole('dialog', { name: 'Report this profile' });
      const reasons = dialog.getByRole('radiogroup', { name: 'Why are you reporting this?' });
      await expect(reasons.getByRole('radio')).toHaveCount(6); // the four reasons, then the two rules
      await reasons.getByRole('radio', { name: 'Breaks a rule: No ads.' }).check();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Thank you. Your report was sent to the moderators.');
      await page.goto('/settings/moderation');
      await expect(page.getByRole('article', { name: 'Profile: Breaks a rule: No ads.' }).first()).toBeVisible();
    } finally {
      await reporter.context.close();
    }
  } finally {
    await visitorContext.close();
    // back to the default text: other journeys meet the spec's defaults
    await page.request.put('/api/admin/pages/rules', { data: { markdown: '' } });
  }
});

test('an announcement shows to signed-in people in their language, and once dismissed stays dismissed after a reload', async ({ page, browser }, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/settings/pages');
  const text = `Maintenance tonight ${Date.now()}`;
  await page.getByLabel('Text in English').fill(text);
  await page.getByLabel('Text in French (optional)').fill(`Maintenance ce soir ${Date.now()}`);
  // a short window: it ends by itself even if this test stops half-way
  const end = new Date(Date.now() + 5 * 60_000);
  const local = new Date(end.getTime() - end.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('Ends (optional)').fill(local);
  await page.getByRole('button', { name: 'Schedule announcement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Announcement scheduled.' })).toBeVisible();

  const reader = await signedInUser(browser, 'banner');
  try {
    await reader.page.goto('/home');
    const banner = reader.page.getByRole('complementary', { name: 'Announcement' });
    await expect(banner).toContainText(text);
    await reader.page.screenshot({ path: testInfo.outputPath('banner-390.png') });
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toBeHidden();
    await reader.page.reload();
    await expect(reader.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(reader.page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
    // closed for this person only: the admin still sees it
    await page.goto('/home');
    await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText(text);
  } finally {
    await reader.context.close();
    await page.request.delete('/api/admin/announcement');
  }
});

test('the pages read well in French, dark, on a desktop; the editor on a phone', async ({ browser, page }, testInfo) => {
  const context = await browser.newContext({ locale: 'fr-FR', colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
  const visitor = await context.newPage();
  try {
    await visitor.goto('/privacy');
    await expect(visitor.getByRole('heading', { name: 'Confidentialité', level: 1 })).toBeVisible();
    await expect(visitor).toHaveTitle('Confidentialité · Askbox');
    await expect(visitor.getByRole('navigation', { name: 'À propos de cette instance' }).getByRole('link')).toHaveText([
      'À propos',
      'Règles',
      'Conditions',
      'Confidentialité',
    ]);
    await visitor.screenshot({ path: testInfo.outputPath('privacy-fr-dark-1280.png') });
  } finally {
    await context.close();
  }
  await signInAsAdmin(page);
  await page.goto('/settings/pages');
  await expect(page.getByLabel('Text (Markdown)')).toHaveValue(/# Rules/);
  await page.screenshot({ path: testInfo.outputPath('editor-390.png'), fullPage: true });
});
