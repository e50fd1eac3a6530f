import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { AppConfig } from '@askbox/common';
import { solveChallengeField } from '../packages/server/src/features/challenge/solve';

export { expect };

/** Every test talks to the app started by global-setup. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

let counter = 0;
/** A unique user for one test; tests create their own users and never share them. */
export function newUser(prefix = 'u') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`.toLowerCase().replace(/[^a-z0-9_]/g, '');
  return { username: id, email: `${id}@example.test`, fullname: `${prefix.toUpperCase()} Tester ${counter}`, password: 'secret pass 1' };
}
export type NewUser = ReturnType<typeof newUser>;

/** Signs up through the screens and skips notifications, ending on /home. */
export async function signUpThroughUi(page: Page, user: NewUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full name').fill(user.fullname);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Repeat password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/notifications-setup$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * Signs up through the API (fast) and leaves the browser context signed in. On an instance with the
 * proof-of-work challenge on (the default) it asks for one and solves it, as the web app does.
 */
export async function signUpViaApi(page: Page, user: NewUser): Promise<{ id: string }> {
  const config = (await (await page.request.get('/api/config')).json()) as AppConfig;
  let challenge: string | undefined;
  if (config.signup.challenge) {
    const { challenge: issued } = (await (await page.request.get('/api/challenge?purpose=signup')).json()) as {
      challenge: Parameters<typeof solveChallengeField>[0];
    };
    challenge = await solveChallengeField(issued);
  }
  const res = await page.request.post('/api/auth/signup', {
    data: { ...user, repeatPassword: user.password, ...(challenge ? { challenge } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).user;
}

/** A new person signed up in a browser context of their own (close `context` when done). */
export async function signedInUser(browser: Browser, prefix: string): Promise<{ context: BrowserContext; page: Page; user: NewUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  return { context, page, user };
}

/**
 * Replaces the page's clock with one that stands still until `page.clock.runFor(ms)`, so timing
 * rules (splash, install prompt) are checked exactly, without waiting and without races.
 */
export const FROZEN_START = new Date('2026-06-01T10:00:00Z');
export async function freezeClock(page: Page): Promise<void> {
  // note: TanStack Query delivers results on a setTimeout(0), so after a page load wait for the
  // data (see gotoWithFrozenClock) before moving the clock, or the results wait for the next tick
  const start = FROZEN_START;
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/**
 * Moves a frozen clock in 100 ms steps until `locator` is visible, at most `maxMs`. The first
 * screen mounts in a background render (decision 183) that may wait for its code chunk and then
 * for a timer, so one big step can run the clock before that work is ready to use it.
 */
export async function runClockUntilVisible(page: Page, locator: Locator, maxMs: number): Promise<void> {
  for (let ran = 0; ran < maxMs && !(await locator.isVisible()); ran += 100) {
    await page.clock.runFor(100);
    await page.waitForTimeout(20); // real time: let responses and chunks arrive between steps
  }
  await expect(locator).toBeVisible();
}

/** Opens a page under a frozen clock and waits for the signed-in state to arrive. */
export async function gotoWithFrozenClock(page: Page, url: string): Promise<void> {
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await page.goto(url);
  await me;
}

/** Chooses `action` in a card's '…' menu (its secondary actions: share, report, delete). */
export async function chooseCardAction(card: Locator, action: string): Promise<void> {
  await card.getByRole('button', { name: 'More actions' }).click();
  await card.getByRole('menuitem', { name: action }).click();
}
