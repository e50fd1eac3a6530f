import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { maya, sam, showcase } from '../showcase';

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
const LANGS = [
  { lang: 'en', locale: 'en-GB' },
  { lang: 'fr', locale: 'fr-FR' },
] as const;

interface Screen {
  name: string;
  what: string;
  path: string;
  signedIn: boolean;
  /** what shows once the screen is ready */
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** something to do once it is ready (open a dialog) */
  then?: (page: Page) => Promise<void>;
  /** the install prompt shows (else it is held back, as if shown a moment ago) */
  installPrompt?: boolean;
}
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
  { name: 'not-found', what: 'Page not found', path: '/no-such-page', signedIn: false, ready: (p) => p.locator('h1') },
];

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
  const shots: string[] = [];
  for (const { lang, locale } of LANGS) {
    for (const screen of SCREENS) {
      const context = await browser.newContext({ locale, ...(screen.signedIn ? { storageState: state } : {}) });
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
    return `| ${screen.name} | ${screen.what} (\`${screen.path}\`${screen.signedIn ? `, signed in as ${maya.fullname}` : ''}) | ${cells.join(' · ')} |`;
  });
  return [
    '# Screen catalogue',
    '',
    'Every screen of the web app at a phone size (390x844) and a desktop size (1440x900), in the light and',
    'dark themes, in English and French: `<screen>-<width>-<theme>-<lang>.png`. The people and texts are',
    'the fixed showcase of `e2e/showcase.ts`. Regenerate them after a visual change with `npm run build`',
    'then `npm run screens` (e2e/screens/catalogue.screens.ts).',
    '',
    '| Screen | What | Shots |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
