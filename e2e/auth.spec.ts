import { expect, newUser, signUpThroughUi, signUpViaApi, test } from './fixtures';

test('a new user signs up, skips notifications and lands on home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Ask and Answer')).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account now' })).toBeVisible();

  const user = newUser('signup');
  await page.getByLabel('Email').fill(user.email);
  // the username field strips other characters and lowercases as the user types
  await page.getByLabel('Username').fill(`${user.username.toUpperCase()}-!`);
  await expect(page.getByLabel('Username')).toHaveValue(user.username);
  await page.getByLabel('Full name').fill(user.fullname);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Repeat password').fill('something else');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  await page.getByLabel('Repeat password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/notifications-setup$/);
  await expect(page.getByText('Turn on notifications')).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  for (const tab of ['Accueil', 'Friends', 'Questions', 'Notifications', 'Profile']) {
    await expect(page.getByRole('link', { name: tab })).toBeVisible();
  }
});

test('a taken username shows the server message in the red box', async ({ page }) => {
  const first = newUser('taken');
  await signUpViaApi(page, first);
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`other${first.email}`);
  await page.getByLabel('Username').fill(first.username);
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Password', { exact: true }).fill('another pass');
  await page.getByLabel('Repeat password').fill('another pass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('This username is already taken');
});

test('log out, wrong password, log in again', async ({ page }) => {
  const user = newUser('login');
  await signUpThroughUi(page, user);
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('No blocked users')).toBeVisible();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 && !response.url().endsWith('/api/auth/login')) failed.push(response.url());
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.waitForTimeout(500);
  expect(failed, 'no screen asks for its data once signed out').toEqual([]);

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // notifications setup was skipped at sign-up on this device: not asked again
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Turn on notifications' })).toHaveCount(0);
});

test('protected routes send a signed-out visitor to onboarding', async ({ page }) => {
  for (const route of ['/home', '/friends', '/questions', '/notifications', '/profile', '/edit-profile', '/settings', '/notifications-setup']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/onboarding$/);
  }
});

test('a signed-in user opening /login, /signup or /onboarding goes to notifications setup', async ({ page }) => {
  await signUpViaApi(page, newUser('signedin'));
  for (const route of ['/login', '/signup', '/onboarding']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/notifications-setup$/);
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('a signed-out visitor opening a profile is asked to log in', async ({ page }) => {
  await page.goto('/u/somebody');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('You need to be logged in to view this profile.')).toBeVisible();
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
