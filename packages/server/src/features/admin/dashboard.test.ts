import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, type Dashboard } from '@askbox/common';
import { emailOutbox, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { username: 'dash_admin' });
  await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const read = async () => (await apiAs(t.app, admin).get('/api/admin/dashboard')).json() as Dashboard;
const failedEmail = async (id: string) =>
  t.ctx.db.insert(emailOutbox).values({ id, userId: admin.id, kind: 'digest', data: {}, attempts: t.ctx.config.email.maxAttempts, lastError: 'SMTP refused' });

describe('the admins’ dashboard', () => {
  it('shows activity per day, the version and the database, and each queue with its failed rows', async () => {
    await failedEmail('failed-one');
    const res = await apiAs(t.app, admin).get('/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as Dashboard;
    expect(board.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(board.database).toBe(t.ctx.database.kind);
    expect(board.databaseBytes).toBeGreaterThan(0);
    // the pictures on disk count too, however deep (a picture per account folder)
    const { config } = t.ctx;
    expect(config.storage.driver).toBe('disk');
    const media = path.resolve(config.storage.diskDir ?? config.dataDir, 'media');
    fs.mkdirSync(path.join(media, 'dashboard-test'), { recursive: true });
    fs.writeFileSync(path.join(media, 'dashboard-test', 'picture.webp'), Buffer.alloc(4096));
    expect((await read()).mediaBytes).toBeGreaterThanOrEqual(board.mediaBytes! + 4096);
    expect(board.activePeople).toBeGreaterThanOrEqual(1);
    expect(board.days).toHaveLength(14);
    expect(board.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), signups: 1 });
    const email = board.queues.find((q) => q.queue === 'email')!;
    expect(email).toMatchObject({ failed: 1, failedItems: [expect.objectContaining({ id: 'failed-one', lastError: 'SMTP refused' })] });
    expect(board.queues.map((q) => q.queue)).toEqual(['push', 'email', 'federation']);
  });

  it('retries a failed row (fresh attempts, due now) and discards another, in the audit log; a row that has not failed is refused', async () => {
    await failedEmail('failed-two');
    expect((await apiAs(t.app, admin).post('/api/admin/deliveries/email/failed-one/retry')).statusCode).toBe(204);
    const [row] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, 'failed-one'));
    expect(row).toMatchObject({ attempts: 0, lastError: null, sent: false });
    expect((await apiAs(t.app, admin).delete('/api/admin/deliveries/email/failed-two')).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, 'failed-two'))).toHaveLength(0);
    const again = await apiAs(t.app, admin).post('/api/admin/deliveries/email/failed-one/retry');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(en.errors.delivery_not_failed);
    const audit = (await apiAs(t.app, admin).get('/api/admin/audit')).json().items as { action: string; target: string }[];
    expect(audit.slice(0, 2).map((e) => [e.action, e.target])).toEqual([
      ['delivery_discarded', 'email failed-two'],
      ['delivery_retried', 'email failed-one'],
    ]);
    expect((await read()).queues.find((q) => q.queue === 'email')!.failed).toBe(0);
  });
});
