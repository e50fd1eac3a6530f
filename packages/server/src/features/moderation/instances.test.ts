import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { openPostgres, type Database } from '../../db/open.js';
import { pushNotifications, pushSubscriptions, reports, users } from '../../db/schema/index.js';
import type { AppInstance } from '../../http/types.js';
import { apiAs, openTestDatabase, signUpUser } from '../../test/harness.js';

/** Reports, suspension and the flood guard hold across two app instances on one database. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let second: Database;
let a: AppInstance;
let b: AppInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  second = database.kind === 'postgres' ? await openPostgres(database.url) : database;
  const config = testConfig({ webDistDir: '/nonexistent' });
  a = await buildApp(config, database);
  b = await buildApp(config, second);
});
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== database) await second.close();
  await database.drop();
});

describe('moderation across two instances', () => {
  it('one report per person per item, whichever instance takes it, even in parallel', async () => {
    const [me, target] = [await signUpUser(a), await signUpUser(b)];
    const body = { kind: 'profile', target: target.username, reason: 'spam' };
    const results = await Promise.all([
      apiAs(a, me).post('/api/reports', body),
      apiAs(b, me).post('/api/reports', body),
      apiAs(a, me).post('/api/reports', body),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().alreadyReported === false)).toHaveLength(1);
    expect(await a.ctx.db.select().from(reports).where(eq(reports.reporterId, me.id))).toHaveLength(1);
  });

  it('a suspension through one instance signs the account out on the other', async () => {
    const [admin, bad] = [await signUpUser(a), await signUpUser(a)];
    await a.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect((await apiAs(b, bad).get('/api/me')).json().user.id).toBe(bad.id);
    expect((await apiAs(a, admin).post(`/api/admin/users/${bad.username}/suspend`)).json()).toEqual({ suspended: true });
    expect((await apiAs(b, bad).get('/api/me')).json().user).toBeNull();
    expect((await apiAs(b, admin).post(`/api/admin/users/${bad.username}/restore`)).json()).toEqual({ suspended: false });
  });

  it('a follow/unfollow loop spread over both instances queues one push', async () => {
    const [star, fan] = [await signUpUser(a), await signUpUser(b)];
    await a.ctx.db
      .insert(pushSubscriptions)
      .values({ id: crypto.randomUUID(), userId: star.id, endpoint: `https://push.example.test/${crypto.randomUUID()}`, p256dh: 'k', auth: 'a' });
    await apiAs(a, fan).post(`/api/users/${star.username}/follow`);
    await a.ctx.db.update(pushNotifications).set({ sent: true }).where(eq(pushNotifications.userId, star.id));
    for (let i = 0; i < 3; i++) {
      await apiAs(b, fan).delete(`/api/users/${star.username}/follow`);
      await Promise.all([apiAs(a, fan).post(`/api/users/${star.username}/follow`), apiAs(b, fan).post(`/api/users/${star.username}/follow`)]);
    }
    expect(await a.ctx.db.select().from(pushNotifications).where(eq(pushNotifications.userId, star.id))).toHaveLength(1);
  });
});
