import { chooseCardAction, expect, signedInUser, test } from './fixtures';

test('pin up to 3 answers to the top of your profile; others see them first; a fourth is refused with the limit', async ({ browser }) => {
  const { context, page, user } = await signedInUser(browser, 'pinner');
  for (const n of [1, 2, 3, 4]) {
    const asked = await page.request.post(`/api/users/${user.username}/questions`, { data: { text: `Pin question ${n}?`, isAnonymous: true } });
    const { id } = (await asked.json()) as { id: string };
    expect((await page.request.post(`/api/questions/${id}/answer`, { data: { answer: `Pin answer ${n}` } })).ok()).toBe(true);
  }

  await page.goto('/profile');
  const answers = page.getByRole('region', { name: 'Answers' });
  const pinned = page.getByRole('region', { name: 'Pinned' });
  await expect(pinned).toHaveCount(0);
  await chooseCardAction(answers.getByRole('article').filter({ hasText: 'Pin answer 1' }), 'Pin to profile');
  await expect(pinned.getByRole('article').filter({ hasText: 'Pin answer 1' })).toBeVisible();
  for (const n of [2, 3]) await chooseCardAction(answers.getByRole('article').filter({ hasText: `Pin answer ${n}` }), 'Pin to profile');
  await expect(pinned.getByRole('article')).toHaveCount(3);
  await chooseCardAction(answers.getByRole('article').filter({ hasText: 'Pin answer 4' }), 'Pin to profile');
  const refusal = page.getByRole('alertdialog');
  await expect(refusal).toContainText('You can pin at most 3 answers. Unpin one first.');
  await refusal.getByRole('button').first().click();
  await expect(pinned.getByRole('article')).toHaveCount(3);

  // someone else sees the pinned answers above the others
  const reader = await signedInUser(browser, 'pinreader');
  await reader.page.goto(`/u/${user.username}`);
  const theirPinned = reader.page.getByRole('region', { name: 'Pinned' });
  await expect(theirPinned.getByRole('article')).toHaveCount(3);
  await expect(theirPinned.getByRole('article').filter({ hasText: 'Pin answer 4' })).toHaveCount(0);

  // unpinning frees a place
  await chooseCardAction(pinned.getByRole('article').filter({ hasText: 'Pin answer 1' }), 'Unpin');
  await expect(pinned.getByRole('article')).toHaveCount(2);
  for (const c of [context, reader.context]) await c.close();
});
