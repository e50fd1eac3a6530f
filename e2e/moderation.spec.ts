import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-setup';
import { chooseCardAction, expect, newUser, signedInUser, signUpViaApi, test } from './fixtures';

async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a user reports an answer; the admin made by the CLI sees it arrive live and deletes it; the asker stays Anonymous', async ({
  page,
  browser,
}, testInfo) => {
  const owner = await signedInUser(browser, 'modowner');
  const asker = await signedInUser(browser, 'modasker');
  const reporter = await signedInUser(browser, 'modrep');

  // an anonymous question to the owner, answered
  const questionText = `Anonymous question ${Date.now()}`;
  const answerText = `A rude answer ${Date.now()}`;
  const asked = await asker.page.request.post(`/api/users/${owner.user.username}/questions`, { data: { text: questionText, isAnonymous: true } });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  expect((await owner.page.request.post(`/api/questions/${id}/answer`, { data: { answer: answerText } })).status()).toBe(204);

  // the admin opens Moderation from the Admin Features card first: the report must arrive live
  await signInAsAdmin(page);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Admin Features' });
  await card.getByRole('link', { name: /Moderation/ }).click();
  await expect(page).toHaveURL(/\/settings\/moderation$/);
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Moderation · Askbox'); // its own, not Settings'
  await expect(page.getByText(answerText)).toHaveCount(0);

  // the reporter reports the answer from the owner's profile
  const rp = reporter.page;
  await rp.goto(`/u/${owner.user.username}`);
  const post = rp.getByRole('article', { name: `Answer by @${owner.user.username}` }).filter({ hasText: answerText });
  await chooseCardAction(post, 'Report this answer');
  const dialog = rp.getByRole('dialog', { name: 'Report this answer' });
  await expect(dialog).toBeVisible();
  const reasons = dialog.getByRole('radiogroup', { name: 'Why are you reporting this?' });
  await expect(reasons.getByRole('radio')).toHaveCount(4);
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await reasons.getByRole('radio', { name: 'Other' }).check();
  await expect(send).toBeDisabled(); // 'Other' needs a few words
  await reasons.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByLabel('Tell us more').fill('Insults in the answer');
  await rp.screenshot({ path: testInfo.outputPath('report-dialog-390.png') });
  await send.click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. Your report was sent to the moderators.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // it appears on the admin's screen without a reload: content, reason, 'Anonymous' as the sender
  const report = page.getByRole('article', { name: 'Answer: Harassment' }).filter({ hasText: answerText });
  await expect(report).toBeVisible();
  await expect(report).toContainText(questionText);
  await expect(report).toContainText('Insults in the answer');
  await expect(report).toContainText('From: Anonymous');
  await expect(report).toContainText(`Reported by @${reporter.user.username}`);
  await expect(report).not.toContainText(asker.user.username);
  await expect(report).not.toContainText(asker.user.fullname);
  await page.screenshot({ path: testInfo.outputPath('moderation-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('moderation-1280.png'), fullPage: true });

  // resolve by deleting the content
  await report.getByRole('button', { name: 'Delete content' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete this content for good?');
  await confirm.getByRole('button', { name: 'Delete content' }).click();
  await expect(report).toBeHidden();

  // the answer is gone for everyone
  await rp.goto(`/u/${owner.user.username}`);
  await expect(rp.getByRole('heading', { name: 'Answers' })).toBeVisible();
  await expect(rp.getByText(answerText)).toHaveCount(0);

  for (const c of [owner, asker, reporter]) await c.context.close();
});

test('a question in one’s inbox and a profile are reported from their screens; a second report of the same item is acknowledged', async ({
  page,
  browser,
}, testInfo) => {
  const receiver = newUser('modinbox');
  await signUpViaApi(page, receiver);
  const sender = await signedInUser(browser, 'modsender');
  const text = `Spammy question ${Date.now()}`;
  expect((await sender.page.request.post(`/api/users/${receiver.username}/questions`, { data: { text, isAnonymous: true } })).status()).toBe(201);

  await page.goto('/questions');
  const item = page.getByRole('article').filter({ hasText: text });
  await expect(item.getByRole('button', { name: 'Report this question' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('inbox-390.png') });
  for (const expected of ['Thank you. Your report was sent to the moderators.', 'You already reported this. The moderators will look at it.']) {
    await item.getByRole('button', { name: 'Report this question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this question' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText(expected);
    await dialog.getByRole('button', { name: 'Done' }).click();
  }

  await page.goto(`/u/${sender.user.username}`);
  await page.getByRole('button', { name: 'Report this profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this profile' });
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByLabel('Tell us more (required)').fill('Pretends to be someone else');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. Your report was sent to the moderators.');
  await sender.context.close();
});

test('the admin suspends from a report with a confirm naming the action; the open app of the suspended person says why; restoring asks first', async ({
  page,
  browser,
}) => {
  const suspect = await signedInUser(browser, 'modsuspect');
  const reporter = await signedInUser(browser, 'modrep2');
  const reported = await reporter.page.request.post('/api/reports', {
    data: { kind: 'profile', target: suspect.user.username, reason: 'spam', details: '' },
  });
  expect(reported.status()).toBeLessThan(300);
  await suspect.page.goto('/home');
  await expect(suspect.page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/settings/moderation');
  const report = page
    .getByRole('article')
    .filter({ hasText: `@${suspect.user.username}` })
    .first();
  await report.getByRole('button', { name: 'Suspend account' }).click();
  // the confirm names the action, and takes a reason and an optional end
  const confirm = page.getByRole('dialog', { name: `Suspend @${suspect.user.username}` });
  await expect(confirm.getByRole('button', { name: 'OK' })).toHaveCount(0);
  await confirm.getByLabel('Reason (shown to them at sign-in)').fill('Spam');
  await confirm.getByRole('button', { name: 'Suspend account' }).click();

  // the suspended person's open app signs out and says why, over the live stream
  await expect(suspect.page.getByRole('alertdialog')).toContainText('You have been signed out: your account has been suspended.');

  const row = page.getByRole('listitem').filter({ hasText: `@${suspect.user.username}` });
  await row.getByRole('button', { name: 'Restore' }).click();
  const restoreConfirm = page.getByRole('alertdialog');
  await expect(restoreConfirm).toContainText(`Restore @${suspect.user.username}?`);
  await restoreConfirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`@${suspect.user.username} is restored.`);
  for (const c of [suspect, reporter]) await c.context.close();
});
