import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { e2eAdmin } from '../admin-setup';
import { expect, test } from '../fixtures';
import { jo, maya, sam, showcase } from '../showcase';

/**
 * The screen catalogue: every screen at a phone's 390x844 and a desktop's 1440x900, light and dark,
 * in English and French, as docs/screens/<screen>-<width>-<theme>-<lang>.png, indexed by
 * docs/screens/README.md. Viewport shots (not full pages), of the showcase's fixed people and texts.
 */
const OUT = path.resolve(import.meta.dirname, '../../docs/screens');
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
/**
 * The instance's address as the screens show it (invite and share links, fediverse handles): a
 * fixed one, not the test server's changing port, so each shot is the same from run to run. The
 * app reads it from /api/config's `publicUrl`, which the shots' browsers get rewritten.
 */
const PUBLIC_URL = 'https://askbox.example';
const LANGS = [
  { lang: 'en', locale: 'en-GB' },
  { lang: 'fr', locale: 'fr-FR' },
] as const;

interface Screen {
  name: string;
  what: string;
  path: string;
  signedIn: boolean;
  /** signed in as the instance's admin (the operator's and the moderators' screens), not as Maya */
  admin?: boolean;
  /** what shows once the screen is ready */
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** something to do once it is ready (open a dialog) */
  then?: (page: Page) => Promise<void>;
  /** the install prompt shows (else it is held back, as if shown a moment ago) */
  installPrompt?: boolean;
}
const ABOUT_TEXT = 'Askbox for the Riverside climbing club.';
const ABOUT_TITLE = 'Riverside climbing club';
const SCREENS: Screen[] = [
  { name: 'onboarding', what: 'First screen of a visitor', path: '/onboarding', signedIn: false, ready: (p) => p.locator('main, #root > *').first() },
  { name: 'login', what: 'Log in', path: '/login', signedIn: false, ready: (p) => p.locator('input[type=password]') },
  { name: 'signup', what: 'Sign up', path: '/signup', signedIn: false, ready: (p) => p.locator('input[type=password]').first() },
  { name: 'forgot-password', what: 'Forgotten password', path: '/forgot-password', signedIn: false, ready: (p) => p.locator('input').first() },
  { name: 'signed-out-profile', what: 'A profile seen signed out', path: `/u/${sam.username}`, signedIn: false, ready: (p) => p.locator('h1') },
  { name: 'home', what: 'Home feed', path: '/home', signedIn: true, ready: (p) => p.locator('article').first() },
  { name: 'friends', what: 'Friends', path: '/friends', signedIn: true, ready: (p) => p.locator('h1') },
  { name: 'questions', what: 'Inbox of questions', path: '/questions', signedIn: true, ready: (p) => p.locator('article').first() },
  { name: 'notifications', what: 'Notifications', path: '/notifications', signedIn: true, ready: (p) => p.locator('h1') },
  { name: 'profile', what: 'Own profile', path: '/profile', signedIn: true, ready: (p) => p.locator('article').first() },
  {
    name: 'other-profile',
    what: "Another person's profile, signed in",
    path: `/u/${sam.username}`,
    signedIn: true,
    ready: (p) => p.locator('article').first(),
  },
  { name: 'edit-profile', what: 'Edit profile', path: '/edit-profile', signedIn: true, ready: (p) => p.locator('input').first() },
  { name: 'settings', what: 'Settings', path: '/settings', signedIn: true, ready: (p) => p.locator('h1') },
  { name: 'questions-asked', what: 'Questions asked', path: '/settings/questions-asked', signedIn: true, ready: (p) => p.locator('h1') },
  {
    name: 'notifications-setup',
    what: 'Notifications set-up after sign-up',
    path: '/notifications-setup',
    signedIn: true,
    ready: (p) => p.locator('button').first(),
  },
  {
    name: 'dialog',
    what: 'A confirmation dialog (deleting a question)',
    path: '/questions',
    signedIn: true,
    ready: (p) => p.locator('article').first(),
    then: async (p) => {
      await p
        .locator('article')
        .first()
        .getByRole('button', { name: /^(Delete|Supprimer)$/ })
        .click();
      await expect(p.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    name: 'install',
    what: 'The install prompt, over the home feed',
    path: '/home',
    signedIn: true,
    installPrompt: true,
    ready: (p) => p.locator('section[role=dialog]'),
  },
  {
    name: 'admin',
    what: 'Admin features: a global question to every user',
    path: '/settings',
    signedIn: true,
    admin: true,
    ready: (p) => p.getByRole('region', { name: /^(Admin Features|Fonctions d’administration)$/ }),
    then: async (p) => {
      await p.getByRole('button', { name: /^(Send Global Question to All Users|Envoyer une question à tous les utilisateurs)$/ }).click();
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'moderation',
    what: 'Moderation queue, with a report waiting',
    path: '/settings/moderation',
    signedIn: true,
    admin: true,
    ready: (p) => p.locator('article').first(),
  },
  { name: 'team', what: 'Moderation team', path: '/settings/team', signedIn: true, admin: true, ready: (p) => p.locator('h1') },
  {
    name: 'instance',
    what: 'Instance: the blocked fediverse servers, under the sign-up settings',
    path: '/settings/instance',
    signedIn: true,
    admin: true,
    ready: (p) => p.getByText('spam.example', { exact: true }),
    // the blocked servers at the top of the view (the sign-up settings above them are in 'admin')
    then: async (p) => {
      await p
        .getByRole('heading', { name: /^(Blocked fediverse servers|Serveurs du fédivers bloqués)$/ })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'instance-pages',
    what: "Instance pages: the editor of the instance's own pages",
    path: '/settings/pages',
    signedIn: true,
    admin: true,
    ready: (p) => p.locator('textarea:enabled').first(),
  },
  { name: 'about', what: 'An instance page (About), signed out', path: '/about', signedIn: false, ready: (p) => p.getByText(ABOUT_TEXT) },
  { name: 'not-found', what: 'Page not found', path: '/no-such-page', signedIn: false, ready: (p) => p.locator('h1') },
];

/**
 * The admin's part of the showcase (once per instance): a report waiting (Jo reports one of Sam's
 * answers), a blocked fediverse server and the About page's text. Returns the admin's session.
 */
async function adminShowcase(browser: Browser): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext();
  const admin = context.request;
  expect((await admin.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })).ok()).toBe(true);
  const blocks = (await (await admin.get('/api/admin/fediverse/blocks')).json()) as { items: unknown[] };
  if (blocks.items.length === 0) {
    const reporter = await browser.newContext();
    expect((await reporter.request.post('/api/auth/login', { data: { email: jo.email, password: jo.password } })).ok()).toBe(true);
    const answers = (await (await reporter.request.get(`/api/users/${sam.username}/answers`)).json()) as { items: { id: string }[] };
    const report = await reporter.request.post('/api/reports', {
      data: { kind: 'answer', target: answers.items[0]!.id, reason: 'spam', details: 'The same link under every answer.' },
    });
    expect(report.status(), await report.text()).toBeLessThan(300);
    await reporter.close();
    expect((await admin.post('/api/admin/fediverse/blocks', { data: { domain: 'spam.example', reason: 'Floods our inboxes' } })).ok()).toBe(true);
    expect(
      (
        await admin.put('/api/admin/pages/about', { data: { markdown: `# ${ABOUT_TITLE}\n\n${ABOUT_TEXT}\n\nBe kind, ask freely, answer when you like.` } })
      ).ok(),
    ).toBe(true);
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Waits until the splash has gone and the screen's fonts and pictures are in. */
async function settle(page: Page, screen: Screen): Promise<void> {
  await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: /Askbox/ })).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
  // pictures in (not 'networkidle': the live updates' stream stays open)
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

test('the screen catalogue', async ({ browser }) => {
  fs.mkdirSync(OUT, { recursive: true });
  const signedIn = await showcase(browser);
  const state = await signedIn.context.storageState();
  await signedIn.context.close();
  const adminState = await adminShowcase(browser);
  const shots: string[] = [];
  for (const { lang, locale } of LANGS) {
    for (const screen of SCREENS) {
      const context = await browser.newContext({ locale, ...(screen.signedIn ? { storageState: screen.admin ? adminState : state } : {}) });
      await context.route('**/api/config', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...((await response.json()) as object), publicUrl: PUBLIC_URL } });
      });
      const page = await context.newPage();
      // the install prompt comes 3 s after a visit that has not seen it lately: held back but on its own screen
      if (!(screen.installPrompt ?? false)) await page.addInitScript(() => localStorage.setItem('askbox.installPromptShownAt', String(Date.now())));
      if (screen.signedIn) expect((await page.request.patch('/api/me/settings', { data: { locale: lang } })).ok()).toBe(true);
      // one visit, then the window resized: the app follows the width as it does for a user
      await page.setViewportSize(SIZES[0]);
      await page.goto(screen.path);
      await settle(page, screen);
      if (screen.then) await screen.then(page);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(screen.ready(page)).toBeVisible();
        for (const theme of THEMES) {
          await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
          await expect(page.locator('html')).toHaveAttribute('data-scheme', theme);
          const file = `${screen.name}-${size.width}-${theme}-${lang}.png`;
          await page.screenshot({ path: path.join(OUT, file), animations: 'disabled', caret: 'hide' });
          shots.push(file);
        }
      }
      await context.close();
    }
  }
  fs.writeFileSync(path.join(OUT, 'README.md'), index());
  expect(shots.length).toBe(SCREENS.length * SIZES.length * THEMES.length * LANGS.length);
});

function index(): string {
  const rows = SCREENS.map((screen) => {
    const cells = SIZES.flatMap((size) =>
      LANGS.flatMap(({ lang }) => THEMES.map((theme) => `[${size.width} ${theme} ${lang}](${screen.name}-${size.width}-${theme}-${lang}.png)`)),
    );
    return `| ${screen.name} | ${screen.what} (\`${screen.path}\`${screen.signedIn ? `, signed in as ${screen.admin ? 'the admin' : maya.fullname}` : ''}) | ${cells.join(' · ')} |`;
  });
  return [
    '# Screen catalogue',
    '',
    'Every screen of the web app at a phone size (390x844) and a desktop size (1440x900), in the light and',
    'dark themes, in English and French: `<screen>-<width>-<theme>-<lang>.png`. The people and texts are',
    'the fixed showcase of `e2e/showcase.ts`. Regenerate them after a visual change with `npm run build`',
    'then `npm run screens` (e2e/screens/catalogue.screens.ts). Links and handles show the instance as',
    `${PUBLIC_URL}, whatever the test server's port.`,
    '',
    '| Screen | What | Shots |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
