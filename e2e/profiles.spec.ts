import type { Browser, Page } from '@playwright/test';
import { expect, newUser, signUpViaApi, test, type NewUser } from './fixtures';

// a 64×64 red PNG
const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVRoge2SQQkAQRDDauT81L+DOFkR9wgDhQhIQ8PX00Q3YAOqV2QX6l2iG7AB1SuyC/Uu0Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHrFPzyPrmEtpcYCUQAAAABJRU5ErkJggg==',
  'base64',
);

/** A second person in their own browser context, signed up through the API. */
async function otherPerson(browser: Browser, prefix: string): Promise<{ page: Page; user: NewUser; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  return { page, user, close: () => context.close() };
}

const confirmDialog = (page: Page, text: string) => page.getByRole('alertdialog', { name: text });

test('edit the profile with a new avatar, then another user sees it on the public profile', async ({ page, browser }) => {
  const owner = newUser('edit');
  await signUpViaApi(page, owner);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit profil' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  // USERNAME_CHANGES=on (the default): the field says where to change it ('Username cannot be changed' when off)
  await expect(page.getByText('Change it in Settings › Account')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveJSProperty('readOnly', true);

  await page.getByLabel('Change profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: RED_PNG });
  await expect(page.getByRole('img', { name: `${owner.fullname} (preview)` })).toHaveAttribute('src', /^blob:/);
  await page.getByLabel('Full name').fill('Ruby Redwood');
  await page.getByLabel('Bio').fill('I answer everything.');
  await page.getByLabel('Website').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save' }).click();
  // the refusal is named under the field it is about, which is marked invalid and focused
  await expect(page.getByRole('alert')).toHaveText('Website must be a link starting with http:// or https://');
  await expect(page.getByLabel('Website')).toBeFocused();
  await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription('Website must be a link starting with http:// or https://');
  // a name longer than the limit cannot be typed in
  await page.getByLabel('Full name').fill('R'.repeat(90));
  await expect(page.getByLabel('Full name')).toHaveValue('R'.repeat(80));
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Full name is required');
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByLabel('Website')).not.toHaveAttribute('aria-invalid');
  await page.getByLabel('Full name').fill('Ruby Redwood');
  await page.getByLabel('Website').fill('https://ruby.example.org');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Ruby Redwood' })).toBeVisible();
  const ownAvatar = page.getByRole('img', { name: 'Ruby Redwood' }).first();
  await expect(ownAvatar).toHaveAttribute('src', /^\/media\/users\/.+\/profile-\d+-400\.jpg$/);
  // stored at upload in two widths: the browser picks the one its slot needs
  await expect(ownAvatar).toHaveAttribute('srcset', /profile-\d+-96\.jpg 96w/);

  const viewer = await otherPerson(browser, 'viewer');
  await viewer.page.goto(`/u/${owner.username}`);
  await expect(viewer.page.getByRole('heading', { name: 'Ruby Redwood' })).toBeVisible();
  await expect(viewer.page.getByText('I answer everything.')).toBeVisible();
  await expect(viewer.page.getByRole('link', { name: 'ruby.example.org' })).toHaveAttribute('target', '_blank');
  const avatar = viewer.page.getByRole('img', { name: 'Ruby Redwood' }).first();
  await expect(avatar).toHaveAttribute('src', /^\/media\/users\/.+\/profile-\d+-400\.jpg$/);
  // a 96 px slot on a 1× screen loads the 96 px copy, not the 400 px original
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  // the zoom overlay
  await viewer.page.getByRole('button', { name: "View Ruby Redwood's profile picture" }).click();
  await expect(viewer.page.getByRole('dialog', { name: 'Ruby Redwood' }).getByRole('img')).toBeVisible();
  await viewer.close();
});

/** True when a page-leave (tab close, reload) would be stopped for a prompt. */
const asksBeforeUnload = (page: Page) => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));

test('leaving Edit profil with unsaved changes asks first: Keep editing keeps them, Discard drops them', async ({ page }) => {
  await signUpViaApi(page, newUser('discard'));
  await page.goto('/edit-profile');
  const bio = page.getByLabel('Bio');
  const cancel = page.getByRole('link', { name: 'Cancel' });
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  const keepEditing = ask.getByRole('button', { name: 'Keep editing' });

  // a saved edit leaves without asking
  await bio.fill('The old bio.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('The old bio.')).toBeVisible();
  await expect(ask).toHaveCount(0);

  // nothing changed: Cancel goes straight back, and closing the tab would not ask
  await page.getByRole('link', { name: 'Edit profil' }).click();
  await expect(bio).toHaveValue('The old bio.');
  expect(await asksBeforeUnload(page)).toBe(false);
  await cancel.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(ask).toHaveCount(0);

  // changed: Cancel asks, on 'Keep editing' so a hurried Enter loses nothing
  await page.getByRole('link', { name: 'Edit profil' }).click();
  await bio.fill('A new bio I am not sure about.');
  expect(await asksBeforeUnload(page)).toBe(true);
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(keepEditing).toBeFocused();
  await keepEditing.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(bio).toHaveValue('A new bio I am not sure about.');
  await expect(cancel).toBeFocused();

  // the tab bar asks too (by keyboard: focus brings back the bar that scrolling hid); Escape keeps editing
  await page.getByRole('link', { name: 'Accueil' }).focus();
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/edit-profile$/);

  await cancel.click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('The old bio.')).toBeVisible();
  await expect(page.getByText('A new bio I am not sure about.')).toHaveCount(0);
  expect(await asksBeforeUnload(page)).toBe(false);

  // a picked picture is a change as well, and closing the tab then gets the browser's own prompt
  await page.getByRole('link', { name: 'Edit profil' }).click();
  await page.getByLabel('Change profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: RED_PNG });
  await expect(page.getByRole('img', { name: /\(preview\)$/ })).toHaveAttribute('src', /^blob:/);
  // while the save uploads it, closing the tab would abort it: that asks too (leaving in the app would not)
  let releaseUpload = () => {};
  await page.route('**/api/me/avatar', async (route) => {
    await new Promise<void>((resolve) => (releaseUpload = resolve));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saving' })).toBeDisabled();
  expect(await asksBeforeUnload(page)).toBe(true);
  releaseUpload();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await asksBeforeUnload(page)).toBe(false);
  await page.unroute('**/api/me/avatar');

  await page.getByRole('link', { name: 'Edit profil' }).click();
  await page.getByLabel('Change profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: RED_PNG });
  await expect(page.getByRole('img', { name: /\(preview\)$/ })).toHaveAttribute('src', /^blob:/);
  const leaving = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const prompt = await leaving;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.accept();
});

test('follow someone: the counter changes and you appear in their followers list', async ({ page, browser }) => {
  const star = await otherPerson(browser, 'star');
  const fan = newUser('fan');
  await signUpViaApi(page, fan);
  await page.goto(`/u/${star.user.username}`);
  await expect(page.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '1 Followers' })).toBeVisible();
  await page.getByRole('button', { name: '1 Followers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Followers' });
  await expect(dialog.getByRole('link', { name: new RegExp(fan.fullname) })).toBeVisible();
  await page.keyboard.press('Escape');

  // the star sees the new follower on their own profile
  await star.page.goto('/profile');
  await expect(star.page.getByRole('button', { name: '1 Followers' })).toBeVisible();
  await star.page.getByRole('button', { name: '0 Followings' }).click();
  await expect(star.page.getByRole('dialog', { name: 'Followings' }).getByText('Not following anyone yet')).toBeVisible();
  await star.page.keyboard.press('Escape');

  // unfollow brings the counter back
  await page.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(page.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await star.close();
});

test('block: the other user sees "You have been blocked"; unblock with Débloquer and from settings', async ({ page, browser }) => {
  const other = await otherPerson(browser, 'other');
  const me = newUser('blocker');
  await signUpViaApi(page, me);
  await page.goto(`/u/${other.user.username}`);
  await expect(page.getByText('No answers now.')).toBeVisible();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await page.getByRole('button', { name: 'Block this user' }).click();
  await confirmDialog(page, 'Are you sure you want to block this user ? This will remove all links between you. 🫣')
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(page.getByRole('heading', { name: 'User blocked' })).toBeVisible();
  await expect(page.getByText('You have blocked this user.')).toBeVisible();
  await page.waitForTimeout(300);
  expect(refused, 'the blocked profile does not ask for its answers again').toEqual([]);

  await other.page.goto(`/u/${me.username}`);
  await expect(other.page.getByRole('heading', { name: 'You have been blocked' })).toBeVisible();
  await expect(other.page.getByText('This user has blocked you. You can no longer view their profile.')).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);

  // Débloquer, after the confirm
  await page.getByRole('button', { name: 'Débloquer' }).click();
  await confirmDialog(page, 'Do you want to unblock this user ? 😏').getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();

  // block again, then unblock from Settings
  await page.getByRole('button', { name: 'Block this user' }).click();
  await confirmDialog(page, 'Are you sure you want to block this user ? This will remove all links between you. 🫣')
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(page.getByRole('heading', { name: 'User blocked' })).toBeVisible();
  await page.goto('/settings');
  const blockedList = page.getByRole('list', { name: 'Blocked users' });
  await expect(blockedList.getByText(`@${other.user.username}`)).toBeVisible();
  await blockedList.getByRole('button', { name: 'Unblock' }).click();
  await confirmDialog(page, 'Do you want to unblock this user ? 😏').getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText('No blocked users')).toBeVisible();

  await other.page.reload();
  await expect(other.page.getByRole('heading', { name: me.fullname })).toBeVisible();
  await other.close();
});

test('search finds a user by a middle substring of the full name', async ({ page, browser }) => {
  const wanted = await otherPerson(browser, 'wanted');
  // give the wanted person a distinctive full name
  const unique = `Quokkaberg${Date.now().toString(36)}`;
  const renamed = await wanted.page.request.patch('/api/me/profile', { data: { fullname: `Zara ${unique}`, bio: '', website: '' } });
  expect(renamed.status()).toBe(200);

  await signUpViaApi(page, newUser('seeker'));
  await page.goto('/home');
  await page.getByRole('link', { name: 'Friends', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'RECOMMENDED FRIENDS' })).toBeVisible();
  await expect(page.getByTestId('share-link')).toHaveText(/\/u\/seeker/);

  const search = page.getByRole('searchbox', { name: 'Add or search friends' });
  await search.fill(unique.slice(3, 12).toUpperCase());
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByText(`Zara ${unique}`)).toBeVisible();
  await results.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(results.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  await search.fill('zzzz-nobody-has-this');
  await expect(page.getByText('No users found')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'RECOMMENDED FRIENDS' })).toBeVisible();
  await wanted.close();
});

test('your own username redirects to /profile; an unknown one says so; signed out asks to log in', async ({ page }) => {
  const me = newUser('self');
  await signUpViaApi(page, me);
  await page.goto(`/u/${me.username}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: 'Edit profil' })).toBeVisible();

  await page.goto('/u/nobody_has_this_name_1');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(page.getByText('No account has this username.')).toBeVisible();

  await page.context().clearCookies();
  await page.goto(`/u/${me.username}`);
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('You need to be logged in to view this profile.')).toBeVisible();
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a modal keeps keyboard focus inside, and Escape gives it back to what opened it', async ({ page, browser }) => {
  const fan = await otherPerson(browser, 'fan');
  const me = newUser('trap');
  await signUpViaApi(page, me);
  expect((await fan.page.request.post(`/api/users/${me.username}/follow`)).ok()).toBe(true);
  await page.goto('/profile');
  const opener = page.getByRole('button', { name: '1 Followers' });
  await opener.click();
  const modal = page.getByRole('dialog', { name: 'Followers' });
  const close = modal.getByRole('button', { name: 'Close' });
  const fanLink = modal.getByRole('link', { name: new RegExp(`@${fan.user.username}`) });
  await expect(fanLink).toBeVisible();
  await expect(modal).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(fanLink).toBeFocused();
  await page.keyboard.press('Tab'); // past the last: back to the first
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab'); // before the first: the last
  await expect(fanLink).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(opener).toBeFocused();
  await fan.close();
});

test('rapid taps on Follow end in the state of the last tap, on screen and on the server', async ({ page, browser }) => {
  const star = await otherPerson(browser, 'tapstar');
  await signUpViaApi(page, newUser('tapper'));
  await page.goto(`/u/${star.user.username}`);
  const toggle = page.getByRole('button', { name: /^Follow(ing)?$/ });
  await expect(toggle).toHaveText('Follow');
  for (let i = 0; i < 5; i++) await toggle.click({ delay: 0 });
  // five taps: following
  await expect(toggle).toHaveText('Following');
  await expect(page.getByRole('button', { name: '1 Followers' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '1 Followers' })).toBeVisible();
  await star.close();
});

test('a file that is not really an image is refused at once, next to the picker, and changes nothing', async ({ page }) => {
  const me = newUser('badfile');
  await signUpViaApi(page, me);
  await page.goto('/edit-profile');
  await page
    .getByLabel('Change profile picture')
    .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture at all') });
  // said at once, before any save, and the preview keeps the previous (default) picture
  await expect(page.getByRole('alert')).toHaveText('This file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).');
  await expect(page.getByRole('img', { name: `${me.fullname} (preview)` })).toHaveAttribute('data-default-avatar', '');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // a later action (here an edit) takes the refusal away; a later pick of the other picture too
  await page.getByLabel('Full name').fill(`${me.fullname} Jr`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Change profile picture').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('still not a picture') });
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Change cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: RED_PNG });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Full name').fill(me.fullname);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('img', { name: me.fullname }).first()).toHaveAttribute('data-default-avatar', '');
});

test('following someone who has just blocked you shows the refusal alert', async ({ page, browser }) => {
  const other = await otherPerson(browser, 'quickblock');
  const me = newUser('latefan');
  await signUpViaApi(page, me);
  await page.goto(`/u/${other.user.username}`);
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  expect((await other.page.request.post(`/api/users/${me.username}/block`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const alert = page.getByRole('alertdialog', { name: 'Unable to follow this user (active block).' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'You have been blocked' })).toBeVisible();
  await other.close();
});
