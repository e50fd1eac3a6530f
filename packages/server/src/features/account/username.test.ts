import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../../test/fakeWebDist.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** Settings › Change username: the new name everywhere, the old one leading to it and held for a year. */
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fakeWebDist();
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const rename = (user: TestUser, username: string) => apiAs(t.app, user).put('/api/me/username', { username });
/** Lets the 30 days between changes pass for `user`. */
const monthPasses = (user: TestUser) =>
  t.ctx.db.execute(sql`update username_history set changed_at = changed_at - interval '31 days' where user_id = ${user.id}`);
const page = (url: string, user: TestUser | null = null) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(user ? { cookie: user.cookie } : {}) } });

describe('changing a username', () => {
  it('renames the account; the old name still finds it, redirects its pages, and is nobody else’s', async () => {
    const ada = await signUpUser(t.app, { username: 'ada_old' });
    const bob = await signUpUser(t.app);
    await apiAs(t.app, ada).patch('/api/me/settings', { publicProfile: true });
    const questionId = (await apiAs(t.app, bob).post('/api/users/ada_old/questions', { text: 'Still there?', isAnonymous: true })).json().id as string;
    expect((await apiAs(t.app, ada).post(`/api/questions/${questionId}/answer`, { answer: 'Yes' })).statusCode).toBe(204);

    const renamed = await rename(ada, 'ada_new');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ username: 'ada_new' });
    expect((await apiAs(t.app, ada).get('/api/me')).json().user.username).toBe('ada_new');

    // the API finds the account by either name, and always says the current one
    expect((await apiAs(t.app, bob).get('/api/users/ada_new')).json().user).toMatchObject({ username: 'ada_new' });
    expect((await apiAs(t.app, bob).get('/api/users/ada_old')).json().user).toMatchObject({ username: 'ada_new' });

    // old links: the profile and an answer, query kept
    const profile = await page('/u/ada_old');
    expect(profile.statusCode).toBe(302);
    expect(profile.headers.location).toBe('/u/ada_new');
    const answer = await page(`/u/ada_old/answers/${questionId}?ref=share`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/u/ada_new/answers/${questionId}?ref=share`);
    expect((await page('/u/ada_old/feed.atom')).headers.location).toBe('/u/ada_new/feed.atom');

    // the old name is held: neither another account nor a sign-up may take it
    const taken = await rename(bob, 'ada_old');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('username_taken');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'someone@example.test', username: 'ada_old', fullname: 'Someone', password: 'correct horse', repeatPassword: 'correct horse' },
    });
    expect(signup.statusCode).toBe(409);
    expect(signup.json().error.code).toBe('username_taken');
  });

  it('once in 30 days, with the date it may change again; the account may take its old name back', async () => {
    const cy = await signUpUser(t.app, { username: 'cy_first' });
    expect((await rename(cy, 'cy_second')).statusCode).toBe(200);
    const soon = await rename(cy, 'cy_third');
    expect(soon.statusCode).toBe(409);
    expect(soon.json().error).toMatchObject({ code: 'username_change_too_soon', params: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    // the same name again changes nothing and is not refused
    expect((await rename(cy, 'cy_second')).statusCode).toBe(200);

    await monthPasses(cy);
    expect((await rename(cy, 'cy_first')).json()).toEqual({ username: 'cy_first' });
    // back under its first name, the second is now the one that leads to it
    expect((await apiAs(t.app, cy).get('/api/users/cy_second')).json().user).toMatchObject({ username: 'cy_first' });
  });

  it('refuses names the sign-up refuses, and a name in use', async () => {
    const dee = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    for (const [name, code] of [
      ['Dee', 'username_characters'],
      ['settings', 'username_taken'],
      ['', 'username_required'],
      ['x'.repeat(31), 'username_too_long'],
      [other.username, 'username_taken'],
    ] as const) {
      const response = await rename(dee, name);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.json().error.code, name).toBe(code);
    }
    expect((await apiAs(t.app, null).put('/api/me/username', { username: 'nobody_x' })).statusCode).toBe(401);
  });

  it("signed out, a private profile's old name answers exactly as an unknown name does", async () => {
    const eve = await signUpUser(t.app, { username: 'eve_private' });
    const viewer = await signUpUser(t.app);
    expect((await rename(eve, 'eve_renamed')).statusCode).toBe(200);
    const oldName = await page('/u/eve_private');
    const unknown = await page('/u/nobody_at_all');
    expect([oldName.statusCode, oldName.headers.location, oldName.body]).toEqual([unknown.statusCode, unknown.headers.location, unknown.body]);
    // signed in, the old link leads to the profile
    const signedIn = await page('/u/eve_private', viewer);
    expect([signedIn.statusCode, signedIn.headers.location]).toEqual([302, '/u/eve_renamed']);
  });
});
