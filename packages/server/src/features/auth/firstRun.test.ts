import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { follows, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';

// An empty instance as `npm start` makes it: DEFAULT_FOLLOWS unset, first account becomes admin.
const firstRun = { defaultFollows: 'first-accounts' as const, firstAccountIsAdmin: true };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const signupBody = (username: string) => ({
  email: `${username}@example.test`,
  username,
  fullname: `User ${username}`,
  password: 'correct horse',
  repeatPassword: 'correct horse',
});

const roleOf = async (app: TestApp, id: string) => (await app.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
const followeesOf = async (app: TestApp, id: string) =>
  (await app.ctx.db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, id))).map((r) => r.id).sort();

describe('first run', () => {
  it('makes the first account of an empty instance its admin, and only that one', async () => {
    t = await createTestApp(firstRun);
    const operator = await signUpUser(t.app, { username: 'operator' });
    const second = await signUpUser(t.app, { username: 'second' });
    expect(await roleOf(t, operator.id)).toBe('admin');
    expect(await roleOf(t, second.id)).toBe('user');
    expect((await apiAs(t.app, operator).get('/api/me')).json().user.isAdmin).toBe(true);
    expect((await apiAs(t.app, second).get('/api/me')).json().user.isAdmin).toBe(false);
  });

  it('lets only one of several simultaneous first sign-ups become admin', async () => {
    t = await createTestApp(firstRun);
    const app = t.app;
    const results = await Promise.all(
      ['racer_a', 'racer_b', 'racer_c', 'racer_d'].map((u) => app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(u) })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const roles = (await t.ctx.db.select({ role: users.role }).from(users)).map((r) => r.role);
    expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
    expect(roles).toHaveLength(4);
  });

  it('with DEFAULT_FOLLOWS unset, new accounts follow the first two accounts', async () => {
    t = await createTestApp(firstRun);
    const operator = await signUpUser(t.app, { username: 'operator' });
    const crew = await signUpUser(t.app, { username: 'crew' });
    const third = await signUpUser(t.app, { username: 'third' });
    const newcomer = await signUpUser(t.app, { username: 'newcomer' });
    expect(await followeesOf(t, operator.id)).toEqual([]);
    expect(await followeesOf(t, crew.id)).toEqual([operator.id]);
    expect(await followeesOf(t, third.id)).toEqual([operator.id, crew.id].sort());
    expect(await followeesOf(t, newcomer.id)).toEqual([operator.id, crew.id].sort());
  });

  it('DEFAULT_FOLLOWS=none: new accounts follow nobody', async () => {
    t = await createTestApp({ ...firstRun, defaultFollows: [] });
    await signUpUser(t.app, { username: 'operator' });
    const newcomer = await signUpUser(t.app, { username: 'newcomer' });
    expect(await followeesOf(t, newcomer.id)).toEqual([]);
  });
});
