import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signUpViaApi, type NewUser } from './fixtures';

/**
 * A small world with fixed names and texts for the screen catalogue and the visual-regression
 * check: Maya follows Sam (public profile) and Jo, whose answers fill her feed; she has questions waiting, answers
 * of her own, a like and a follower. The same every run (only relative times differ: mask them).
 * Made once per instance: a second call (a retried test) signs in and finds it made.
 */
const person = (username: string, fullname: string): NewUser => ({
  username,
  fullname,
  email: `${username}@example.test`,
  password: 'showcase pass 1',
});
export const maya = person('maya_showcase', 'Maya Lopez');
export const sam = person('sam_showcase', 'Sam Rivera');
export const jo = person('jo_showcase', 'Jo Chen');

/** The feed's answers, oldest first: [who answers, asked by (null: anonymous), question, answer]. */
const feedAnswers: [NewUser, NewUser | null, string, string][] = [
  [sam, null, 'What is the best thing you cooked this year?', 'A lemon risotto, slowly, with friends around the table.'],
  [jo, maya, 'Which book should I read next?', 'The Left Hand of Darkness. Give it fifty pages before you judge it.'],
  [sam, jo, 'Trains or planes?', 'Trains, every time: the window is the best screen there is.'],
  [jo, null, 'What made you smile today?', 'A dog on the bus wearing a tiny yellow raincoat.'],
  [sam, null, 'Favourite place to watch the sunset?', 'The old harbour wall, with a flask of tea.'],
  [jo, sam, 'Cats or dogs?', 'Both, but the cat decides.'],
];
/** Maya's own answers. */
const mayaAnswers: [NewUser | null, string, string][] = [
  [null, 'What are you learning right now?', 'Pottery. My bowls are lopsided and I love them.'],
  [sam, 'Coffee or tea in the morning?', 'Tea first, coffee at eleven.'],
  [null, 'What is on your desk right now?', 'A plant I keep forgetting to water and three pens that do not work.'],
  [jo, 'Best film you saw this month?', 'Perfect Days. Quiet, and it stayed with me for a week.'],
  [null, 'Morning person or night owl?', 'Morning, ever since the pottery classes start at eight.'],
  [sam, 'What would you cook for us on Friday?', 'Dumplings, and you are folding them.'],
];
/** Questions waiting in Maya's inbox. */
const mayaInbox: [NewUser | null, string][] = [
  [jo, 'Would you teach me to make a bowl?'],
  [null, 'What song is stuck in your head?'],
  [sam, 'Where should we go hiking next month?'],
];

async function signedIn(browser: Browser, user: NewUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  if (!login.ok()) await signUpViaApi(page, user);
  return { context, page };
}

async function ask(from: APIRequestContext, to: NewUser, text: string, named: boolean): Promise<string> {
  const asked = await from.post(`/api/users/${to.username}/questions`, { data: { text, isAnonymous: !named } });
  expect(asked.status()).toBe(201);
  return ((await asked.json()) as { id: string }).id;
}

async function answer(by: APIRequestContext, id: string, text: string): Promise<void> {
  expect((await by.post(`/api/questions/${id}/answer`, { data: { answer: text } })).status()).toBe(204);
}

/** Makes the showcase (once) and returns Maya's signed-in context; close it when done. */
export async function showcase(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const people = new Map<NewUser, Awaited<ReturnType<typeof signedIn>>>();
  for (const user of [maya, sam, jo]) people.set(user, await signedIn(browser, user));
  const request = (user: NewUser) => people.get(user)!.page.request;
  const made = (await (await request(maya).get(`/api/users/${maya.username}/answers`)).json()) as { items: unknown[] };
  if (made.items.length === 0) {
    for (const [by, from, question, text] of feedAnswers) {
      const id = await ask(request(from ?? maya), by, question, from !== null);
      await answer(request(by), id, text);
    }
    for (const [from, question, text] of mayaAnswers) {
      const id = await ask(request(from ?? jo), maya, question, from !== null);
      await answer(request(maya), id, text);
      if (from === sam) expect((await request(sam).post(`/api/answers/${id}/like`)).status()).toBe(200);
    }
    for (const [from, question] of mayaInbox) await ask(request(from ?? sam), maya, question, from !== null);
    for (const other of [sam, jo]) expect((await request(maya).post(`/api/users/${other.username}/follow`)).status()).toBeLessThan(300);
    expect((await request(jo).post(`/api/users/${maya.username}/follow`)).status()).toBeLessThan(300);
    // Sam's profile is public: what a visitor who is not signed in sees
    expect((await request(sam).patch('/api/me/settings', { data: { publicProfile: true } })).ok()).toBe(true);
  }
  for (const user of [sam, jo]) await people.get(user)!.context.close();
  return people.get(maya)!;
}
