import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import type { Db } from '../db/open.js';
import { emailOutbox } from '../db/schema/index.js';
import { queryRows } from '../db/sql.js';
import { queueEmail } from '../email/queue.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { runOutboxBatch, type OutboxOutcome } from './batch.js';

/**
 * A row sent just as the database goes away (a restart): recording "sent" fails. The worker keeps
 * the outcome and records it once the database answers again, so the row is not claimed and sent a
 * second time when its lease lapses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app's database, except that the next `failures` statements recording an outcome fail as a lost connection does. */
function restartingDatabase(db: Db, failures: number): Db {
  let left = failures;
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return (query: SQL) => {
        const text = new PgDialect().sqlToQuery(query).sql;
        if (left > 0 && text.includes('set sent = true')) {
          left--;
          return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
        }
        return (value as Db['execute']).call(target, query);
      };
    },
  });
}

describe('an outcome the database could not take at once', () => {
  it('is recorded when the database answers again: the row is sent once', async () => {
    await queueEmail(t.ctx.db, { userId: null, kind: 'password_reset', data: { email: 'restart@example.test' } });
    let sends = 0;
    const send = async (): Promise<OutboxOutcome> => {
      sends++;
      return { done: true };
    };
    const queue = { table: emailOutbox, name: 'email', maxAttempts: 6, leaseSeconds: 1, log: pino({ level: 'silent' }) };
    expect(await runOutboxBatch({ ...queue, db: restartingDatabase(t.ctx.db, 3) }, send)).toBe(1);
    // the lease has lapsed: a worker that forgot the outcome would claim the row and send it again
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await runOutboxBatch({ ...queue, db: t.ctx.db }, send);
    expect(sends).toBe(1);
    const [row] = await queryRows<{ sent: boolean; attempts: number }>(t.ctx.db, sql`select sent, attempts from email_outbox`);
    expect(row).toEqual({ sent: true, attempts: 1 });
  });
});
