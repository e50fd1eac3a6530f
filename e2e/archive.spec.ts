import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, newUser, signUpViaApi, signedInUser, test } from './fixtures';

async function openSettings(page: import('@playwright/test').Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('an account moves: its archive downloads, another account imports it and sees the progress end, after a reload too', async ({ page, browser }) => {
  const mover = newUser('mover');
  await signUpViaApi(page, mover);
  const asker = await signedInUser(browser, 'asker');
  const asked = await asker.page.request.post(`/api/users/${mover.username}/questions`, { data: { text: 'Moving soon?', isAnonymous: true } });
  const { id } = (await asked.json()) as { id: string };
  expect((await page.request.post(`/api/questions/${id}/answer`, { data: { answer: 'Yes, with my answers.' } })).status()).toBe(204);

  await openSettings(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my archive' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^askbox-${mover.username}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz$`));
  const archive = (await file.path())!;

  const newcomer = await signedInUser(browser, 'newcomer');
  const settings = newcomer.page;
  await openSettings(settings);
  const status = settings.getByRole('status').filter({ hasText: /archive|Import/ });

  // a file that is not an archive is refused with its reason
  const notAnArchive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-e2e-')), 'notes.tar.gz');
  fs.writeFileSync(notAnArchive, 'just some text');
  let chooser = settings.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import an archive' }).click();
  await (await chooser).setFiles(notAnArchive);
  await expect(status).toHaveText('This file is not an Askbox archive, or it is damaged.');

  chooser = settings.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import an archive' }).click();
  await (await chooser).setFiles(archive);
  await expect(status).toHaveText('Import finished: 1 new answers, 1 in the archive.', { timeout: 15_000 });
  await settings.reload();
  await expect(settings.getByRole('status').filter({ hasText: 'Import finished' })).toHaveText('Import finished: 1 new answers, 1 in the archive.');

  // the answer is on the new profile
  await settings.goto('/profile');
  await expect(settings.getByText('Yes, with my answers.')).toBeVisible();
  await asker.context.close();
  await newcomer.context.close();
});
