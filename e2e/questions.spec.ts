import type { APIRequestContext, Page } from '@playwright/test';
import { chooseCardAction, expect, newUser, signedInUser, signUpViaApi, test } from './fixtures';

/** B answers `count` questions to themself through the API (to fill pages of answers). */
async function answerMany(request: APIRequestContext, username: string, count: number, prefix: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const asked = await request.post(`/api/users/${username}/questions`, { data: { text: `${prefix} question ${i}`, isAnonymous: false } });
    expect(asked.status()).toBe(201);
    const { id } = await asked.json();
    expect((await request.post(`/api/questions/${id}/answer`, { data: { answer: `${prefix} answer ${i}` } })).status()).toBe(204);
  }
}

/** Scrolls down until the element exists (infinite scroll loads pages as we go). */
async function scrollUntilPresent(page: Page, selector: string): Promise<void> {
  await expect
    .poll(async () => {
      if ((await page.locator(selector).count()) > 0) return true;
      await page.mouse.wheel(0, 4000);
      return false;
    })
    .toBe(true);
}

/** TanStack Query refetches stale queries when the page becomes visible again: a stand-in for the 30 s poll. */
const revisit = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

test('A asks B anonymously, B answers, A sees it in Home, likes it, opens its link; B deletes it', async ({ browser }) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const a = newUser('asker');
  const b = newUser('answerer');
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);

  // A asks B, anonymously (the default), mentioning themself
  await pageA.goto(`/u/${b.username}`);
  const box = pageA.getByLabel('Ask me a question');
  await expect(pageA.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
  await box.fill('   ');
  await expect(pageA.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
  const question = `Hello from @${a.username}, what is your favourite colour?`;
  await box.fill(question);
  await expect(pageA.getByText(`${300 - question.length} characters left`)).toBeVisible();
  await expect(pageA.getByLabel('Ask anonymously')).toBeChecked();
  await pageA.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(pageA.getByRole('status').getByText('Question sent ! 🚀')).toBeVisible();
  await expect(box).toHaveValue('');

  // B sees it in Questions, without the sender, with the mention as a link, and answers
  await pageB.goto('/home');
  await pageB.getByRole('link', { name: 'Questions' }).click();
  const item = pageB.getByRole('article').filter({ hasText: 'what is your favourite colour?' });
  await expect(item.getByText('Anonymous')).toBeVisible();
  await expect(item).not.toContainText(a.fullname);
  await expect(item.getByRole('link', { name: `@${a.username}` })).toHaveAttribute('href', `/u/${a.username}`);
  await item.getByRole('button', { name: 'Answer' }).click();
  await expect(item.getByRole('button', { name: 'Send' })).toBeDisabled();
  // Escape closes the box, focus back on 'Answer', and the draft is still there when it reopens
  await item.getByLabel('Your answer').fill('Purple');
  await pageB.keyboard.press('Escape');
  await expect(item.getByLabel('Your answer')).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Answer' })).toBeFocused();
  await item.getByRole('button', { name: 'Answer' }).click();
  await expect(item.getByLabel('Your answer')).toHaveValue('Purple');
  await item.getByLabel('Your answer').fill('Purple, obviously');
  await expect(item.getByText('283 characters left')).toBeVisible();
  await item.getByRole('button', { name: 'Send' }).click();
  // an answer is followed by the offer to share it: not now
  const sharePrompt = pageB.getByRole('dialog', { name: 'Share your answer?' });
  await sharePrompt.getByRole('button', { name: 'Not now' }).click();
  await expect(sharePrompt).toHaveCount(0);
  await expect(pageB.getByText('No questions yet.')).toBeVisible();

  // A follows B on B's profile and sees the answer in Home; likes it
  await pageA.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageA.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await pageA.goto('/home');
  const post = pageA.getByRole('article').filter({ hasText: 'Purple, obviously' });
  await expect(post).toBeVisible();
  await expect(post.getByText('Anonymous')).toBeVisible();
  const like = post.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  const postId = (await post.getAttribute('id'))!.replace(/^post-/, '');

  // a new answer arrives: the list stays as it is and the pill counts it; tapping it reloads
  await answerMany(pageB.request, b.username, 1, 'Fresh');
  await revisit(pageA);
  const pill = pageA.getByRole('button', { name: /New answers/ });
  await expect(pill).toContainText('1');
  await expect(pageA.getByText('Fresh answer 0')).toHaveCount(0);
  await pill.click();
  await expect(pageA.getByText('Fresh answer 0')).toBeVisible();
  await expect(pill).toHaveCount(0);
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  // enough newer answers that the liked one is on the second page of B's profile
  await answerMany(pageB.request, b.username, 21, 'Filler');
  await pageA.goto(`/u/${b.username}#post-${postId}`);
  const anchored = pageA.locator(`#post-${postId}`);
  await expect(anchored).toBeInViewport();
  await expect(anchored.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(anchored.getByRole('button', { name: /^Like/ })).toHaveText('1');

  // B deletes the answer from their profile
  await pageB.getByRole('link', { name: 'Profile' }).click();
  await scrollUntilPresent(pageB, `#post-${postId}`);
  await chooseCardAction(pageB.locator(`#post-${postId}`), 'Delete answer');
  const confirm = pageB.getByRole('alertdialog');
  await expect(confirm).toHaveText(/Are you sure you want to delete this answer \?/);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(pageB.locator(`#post-${postId}`)).toHaveCount(0);
  expect((await pageB.request.get(`/api/users/${b.username}/answers?cursor=`)).ok()).toBe(true);
  const remaining = JSON.stringify(await (await pageA.request.get('/api/feed')).json());
  expect(remaining).not.toContain(postId);

  await contextA.close();
  await contextB.close();
});

test('a refused question keeps its text; deleting from the inbox asks first', async ({ browser }) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const a = newUser('refused');
  const b = newUser('blocker');
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);
  expect((await pageB.request.post(`/api/users/${b.username}/questions`, { data: { text: 'Note to self', isAnonymous: false } })).status()).toBe(201);

  // B deletes a question from the inbox: cancel first, then confirm
  await pageB.goto('/home');
  await pageB.getByRole('link', { name: 'Questions' }).click();
  const item = pageB.getByRole('article').filter({ hasText: 'Note to self' });
  await expect(item.getByRole('link', { name: new RegExp(`@${b.username}`) })).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(pageB.getByRole('alertdialog')).toHaveText(/Are you sure you want to delete this question \?/);
  // a destructive confirm opens on Cancel: Enter keeps the question
  await expect(pageB.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await pageB.keyboard.press('Enter');
  await expect(pageB.getByRole('alertdialog')).toBeHidden();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(pageB.getByText('No questions yet.')).toBeVisible();

  // B blocks A while A is typing on B's profile: the server refuses with the spec alert and the text stays
  await pageA.goto(`/u/${b.username}`);
  await pageA.getByLabel('Ask me a question').fill('Are you there?');
  expect((await pageB.request.post(`/api/users/${a.username}/block`)).ok()).toBe(true);
  await pageA.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(pageA.getByRole('alertdialog')).toHaveText(/You cannot send questions to this user\./);
  await pageA.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(pageA.getByLabel('Ask me a question')).toHaveValue('Are you there?');

  await contextA.close();
  await contextB.close();
});

test('rapid taps on a like end on the last tap, on screen and on the server', async ({ browser }) => {
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const a = newUser('tapper');
  const b = newUser('tapped');
  await signUpViaApi(pageA, a);
  await signUpViaApi(pageB, b);
  await answerMany(pageB.request, b.username, 1, 'Tap');
  expect((await pageA.request.post(`/api/users/${b.username}/follow`)).ok()).toBe(true);

  await pageA.goto('/home');
  const like = pageA.getByRole('article').filter({ hasText: 'Tap answer 0' }).getByRole('button', { name: /^Like/ });
  await expect(like).toHaveText('0');
  for (let i = 0; i < 5; i++) await like.click({ delay: 0 }); // like, unlike, like, unlike, like
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  await expect.poll(async () => (await (await pageA.request.get(`/api/users/${b.username}/answers`)).json()).items[0].likeCount).toBe(1);
  const [post] = (await (await pageA.request.get(`/api/users/${b.username}/answers`)).json()).items;
  expect(post.likedByViewer).toBe(true);

  await contextA.close();
  await contextB.close();
});

test('a link in an answer is shown shortened and opens in a new tab', async ({ browser }) => {
  const { context, page, user } = await signedInUser(browser, 'linker');
  const asked = await page.request.post(`/api/users/${user.username}/questions`, { data: { text: 'Your blog?', isAnonymous: true } });
  const { id } = (await asked.json()) as { id: string };
  const address = 'https://blog.example.org/posts/2026/a-very-long-title-of-a-post';
  expect((await page.request.post(`/api/questions/${id}/answer`, { data: { answer: `It is at ${address}.` } })).ok()).toBe(true);
  await context.route('https://blog.example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>blog</title>' }));

  await page.goto('/profile');
  const link = page.getByRole('article').filter({ hasText: 'Your blog?' }).getByRole('link', { name: 'blog.example.org/posts/2026/a-v…' });
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
  const popup = page.waitForEvent('popup');
  await link.click();
  const opened = await popup;
  await opened.waitForLoadState();
  expect(opened.url()).toBe(address);
  await context.close();
});
