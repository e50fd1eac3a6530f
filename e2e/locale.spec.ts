import { expect, newUser, test } from './fixtures';

// A French browser: navigator.language 'fr-FR', Accept-Language fr-FR.
test.use({ locale: 'fr-FR' });

test('a French browser gets the French interface on first visit, and can switch to English in Settings', async ({ page, request }) => {
  const taken = newUser('pris');
  expect((await request.post('/api/auth/signup', { data: { ...taken, repeatPassword: taken.password } })).status()).toBe(201);

  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Demandez et répondez')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(page).toHaveTitle('Inscription · Askbox');
  await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();

  const user = newUser('fr');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Nom d’utilisateur').fill(taken.username);
  await page.getByLabel('Nom complet').fill(user.fullname);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByLabel('Répétez le mot de passe').fill('something else');
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  // the shared schema's message, in French
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas');

  await page.getByLabel('Répétez le mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  // the server's refusal (English on the wire, with a code), in French
  await expect(page.getByRole('alert')).toHaveText('Ce nom d’utilisateur est déjà pris');

  await page.getByLabel('Nom d’utilisateur').fill(user.username);
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(page.getByRole('heading', { name: 'Activez les notifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Plus tard' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const bar = page.getByRole('navigation', { name: 'Principale' });
  await expect(bar.getByRole('link', { name: 'Amis' })).toBeVisible();
  await expect(page.getByText('Rien à afficher')).toBeVisible();
  await expect(page).toHaveTitle('Accueil · Askbox');

  // the language the user sees is recorded on the account, for pushes and emails
  await expect.poll(async () => (await (await page.request.get('/api/me/settings')).json()).locale).toBe('fr');

  await bar.getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('link', { name: 'Réglages' }).click();
  await expect(page.getByRole('heading', { name: 'Réglages', level: 1 })).toBeVisible();
  const language = page.getByLabel('Langue');
  await expect(language).toHaveValue('fr');
  await language.selectOption({ label: 'English' });

  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Settings · Askbox');
  // the screen re-rendered in English and the keyboard stays on the switch
  await expect(page.getByLabel('Language')).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/me/settings')).json()).locale).toBe('en');

  // kept: on the account and in this browser (signed-out screens too)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Ask and Answer')).toBeVisible();
});

test('relative times and counts follow the language', async ({ page, request }) => {
  const asker = newUser('ask');
  const user = newUser('heure');
  for (const u of [asker, user]) expect((await request.post('/api/auth/signup', { data: { ...u, repeatPassword: u.password } })).status()).toBe(201);
  await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  // a question from someone else waits in the inbox
  const other = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  await other.request.post('/api/auth/login', { data: { email: asker.email, password: asker.password } });
  expect((await other.request.post(`/api/users/${user.username}/questions`, { data: { text: 'Quelle heure est-il ?', isAnonymous: true } })).status()).toBe(
    201,
  );
  // and a follow waits in the Activity tab
  expect((await other.request.post(`/api/users/${user.username}/follow`)).ok()).toBe(true);
  await other.close();

  await page.goto('/questions');
  const item = page.getByRole('article').filter({ hasText: 'Quelle heure est-il ?' });
  await expect(item.getByText('à l’instant')).toBeVisible();
  await expect(item.getByText('Anonyme')).toBeVisible();

  await page.goto('/notifications');
  const follow = page.getByTestId('activity-group').filter({ hasText: 'a commencé à vous suivre\u202f!' });
  await expect(follow).toContainText(asker.fullname);
  await expect(follow).toContainText('à l’instant');
});
