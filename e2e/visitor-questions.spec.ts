import { expect, signedInUser, test } from './fixtures';

/**
 * Questions from people without an account (decision 305): the receiver opts in in Settings, a
 * signed-out browser opens their profile and asks (solving the real proof of work), the receiver
 * answers it and blocks the asker of the next one; that visitor's later question vanishes quietly,
 * and with the choice off their public profile offers only logging in to ask.
 */
test('a visitor without an account asks; the receiver answers, blocks the asker, and turns it off', async ({ browser }) => {
  // three real proofs of work in the browser: each takes a random number of tries, seconds on a busy machine
  test.setTimeout(180_000);
  const { context: receiverContext, page: receiver, user } = await signedInUser(browser, 'vis');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  // before opting in: the spec's signed-out page
  await visitor.goto(`/u/${user.username}`);
  await expect(visitor.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();

  // Settings: the choice appears with a public profile only
  await receiver.goto('/settings');
  const visitorsSwitch = receiver.getByRole('switch', { name: 'Let people without an account ask me' });
  await expect(visitorsSwitch).toHaveCount(0);
  await receiver.getByRole('switch', { name: 'Public profile' }).check();
  await expect(visitorsSwitch).not.toBeChecked();
  await expect(visitorsSwitch).toHaveAccessibleDescription(/Their questions are anonymous/);
  const turnedOn = receiver.waitForResponse((r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PATCH');
  await visitorsSwitch.check();
  expect((await (await turnedOn).json()).visitorQuestions).toBe(true);
  await visitorsSwitch.scrollIntoViewIfNeeded();
  await receiver.screenshot({ path: 'test-results/visitor-questions-settings-390.png' });

  // the visitor's page: her profile and the ask box, no app
  await visitor.goto(`/u/${user.username}`);
  await expect(visitor.getByRole('heading', { name: user.fullname })).toBeVisible();
  await expect(visitor.getByText('No account needed: your question is anonymous.')).toBeVisible();
  const box = visitor.getByLabel('Ask me a question');
  const ask = visitor.getByRole('button', { name: 'Ask', exact: true });
  await expect(ask).toBeDisabled();
  await box.fill('What do you do on Sundays?');
  await expect(visitor.getByText('274 characters left')).toBeVisible();
  await visitor.screenshot({ path: 'test-results/visitor-questions-page-390.png', fullPage: true });
  await visitor.setViewportSize({ width: 1440, height: 900 });
  await visitor.screenshot({ path: 'test-results/visitor-questions-page-1440.png' });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await ask.click();
  await expect(visitor.getByRole('status')).toHaveText('Question sent ! 🚀', { timeout: 45_000 });
  await expect(box).toHaveValue('');

  // the receiver sees an anonymous question and answers it
  await receiver.goto('/questions');
  const first = receiver.getByRole('article').filter({ hasText: 'What do you do on Sundays?' });
  await expect(first.getByText('Anonymous')).toBeVisible();
  await first.getByRole('button', { name: 'Answer' }).click();
  await first.getByLabel('Your answer').fill('I read, mostly.');
  await first.getByRole('button', { name: 'Send' }).click();
  await receiver.getByRole('dialog', { name: 'Share your answer?' }).getByRole('button', { name: 'Not now' }).click();
  await expect(receiver.getByText('No questions yet.')).toBeVisible();

  // the visitor sees the answer on the page, and asks again
  await visitor.reload();
  await expect(visitor.getByRole('article').filter({ hasText: 'I read, mostly.' })).toBeVisible();
  await box.fill('You are boring.');
  await ask.click();
  await expect(visitor.getByRole('status')).toHaveText('Question sent ! 🚀', { timeout: 45_000 });

  // the receiver blocks that asker
  await receiver.reload();
  const rude = receiver.getByRole('article').filter({ hasText: 'You are boring.' });
  await rude.getByRole('button', { name: 'Block this asker' }).click();
  await receiver.getByRole('alertdialog').getByRole('button', { name: 'Block this asker' }).click();
  await expect(rude).toHaveCount(0);

  // the visitor's next question is answered as usual, and never arrives
  await box.fill('Still there?');
  await ask.click();
  await expect(visitor.getByRole('status')).toHaveText('Question sent ! 🚀', { timeout: 45_000 });
  await receiver.reload();
  await expect(receiver.getByText('No questions yet.')).toBeVisible();
  await expect(receiver.getByText('Still there?')).toHaveCount(0);

  // turned off: at once, the public profile has no ask box, only logging in to ask
  await receiver.goto('/settings');
  await visitorsSwitch.uncheck();
  await expect(visitorsSwitch).not.toBeChecked();
  await visitor.goto(`/u/${user.username}`);
  await expect(visitor.getByRole('link', { name: 'Log in to ask' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Ask' })).toHaveCount(0);

  await visitorContext.close();
  await receiverContext.close();
});
