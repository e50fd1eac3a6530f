import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { openPostgres, type Database } from './db/open.js';
import type { AppInstance } from './http/types.js';
import { apiAs, openTestDatabase, signUpUser } from './test/harness.js';

/**
 * docs/scaling.md's claim, proven: N stateless instances on one database behave as one. Two apps,
 * each with its own pool on PostgreSQL (TEST_DATABASE_URL), or sharing the in-process PGlite.
 * (Live events across instances: realtime/live.test.ts; the outbox workers: push and email tests.)
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let second: Database;
let a: AppInstance;
let b: AppInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  second = database.kind === 'postgres' ? await openPostgres(database.url) : database;
  const config = testConfig({ webDistDir: '/nonexistent', rateLimits: { ...testConfig().rateLimits, loginPer15Min: 3 } });
  a = await buildApp(config, database);
  b = await buildApp(config, second);
});
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== database) await second.close();
  await database.drop();
});

describe('two instances on one database', () => {
  it('share sessions: signed in through one, signed in on the other; signed out everywhere', async () => {
    const user = await signUpUser(a);
    expect((await apiAs(b, user).get('/api/me')).json().user.username).toBe(user.username);
    expect((await apiAs(b, user).post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await apiAs(a, user).get('/api/me')).json().user).toBeNull();
  });

  it('share rate limits: attempts through both count against one limit', async () => {
    const user = await signUpUser(a);
    const login = (app: AppInstance) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong password' } });
    const statuses = [await login(a), await login(b), await login(a), await login(b)].map((r) => r.statusCode);
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('share counters, suggestions and prepared statements: what one writes, the other reads at once', async () => {
    const [owner, fan] = [await signUpUser(a), await signUpUser(b)];
    expect((await apiAs(a, fan).post(`/api/users/${owner.username}/follow`)).statusCode).toBeLessThan(300);
    const asked = await apiAs(b, owner).post(`/api/users/${owner.username}/questions`, { text: 'Scaling?', isAnonymous: true });
    const { id } = asked.json() as { id: string };
    await apiAs(a, owner).post(`/api/questions/${id}/answer`, { answer: 'Out, not up.' });
    // like on one instance, unlike on the other, again and again: the count stays exact
    for (let i = 0; i < 3; i++) {
      expect((await apiAs(a, fan).post(`/api/answers/${id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await apiAs(b, fan).delete(`/api/answers/${id}/like`)).json()).toEqual({ liked: false, likeCount: 0 });
    }
    expect((await apiAs(b, fan).get(`/api/users/${owner.username}`)).json().counts).toEqual({ answers: 1, followings: 0, followers: 1, likes: 0 });
    expect((await apiAs(a, fan).get('/api/feed')).json().items.map((p: { id: string }) => p.id)).toEqual([id]);
    // suggestions computed through one instance are the ones the other serves
    const first = (await apiAs(a, owner).get('/api/users/recommended')).json().items;
    expect((await apiAs(b, owner).get('/api/users/recommended')).json().items).toEqual(first);
  });
});
