import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';
import { insertFollow } from '../../test/fixtures.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { feedPage } from '../feed/service.js';
import { inboxPage } from '../questions/service.js';
import { profileAnswersPage } from './service.js';

/**
 * Every list must be delivered in order by its index, NULLS included: `order by answered_at desc`
 * means NULLS FIRST, the index is DESC NULLS LAST, and the mismatch made every page read and sort
 * all of a user's answers. With sequential and bitmap scans off, an index that can deliver the
 * order is walked; one that cannot needs a Sort node. The plans are of the services' own SQL.
 */
let t: TestApp;
let heavy: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [heavy, viewer] = [await signUpUser(t.app), await signUpUser(t.app)];
  await insertFollow(t.ctx.db, viewer.id, heavy.id);
  // a heavy answerer: 400 answers and 400 questions waiting in the inbox
  await t.ctx.db.execute(sql`
    insert into questions (id, sender_id, receiver_id, text, answered, answer, answered_at, created_at)
    select 'order-' || g, ${viewer.id}, ${heavy.id}, 'q', g % 2 = 0, case when g % 2 = 0 then 'a' end,
           case when g % 2 = 0 then now() - g * interval '1 minute' end, now() - g * interval '2 minutes'
    from generate_series(1, 800) g`);
  await t.ctx.db.execute(sql`analyze questions`);
});
afterAll(() => t.close());

/** The plans of the statements `run` sends, with only index scans allowed. */
async function plansOf(run: (db: DbOrTx) => Promise<unknown>): Promise<string[]> {
  return t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    // what the services send to the driver: drizzle-built queries and prepared statements alike
    const statements: { text: string; values: unknown[] }[] = [];
    type Query = (...args: unknown[]) => unknown;
    const client = (tx as unknown as { _: { session: { client: { query: Query } } } })._.session.client;
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const config = typeof first === 'string' ? { text: first, values: second } : (first as { text: string; values?: unknown });
      statements.push({ text: config.text, values: Array.isArray(config.values) ? (config.values as unknown[]) : [] });
      return original.apply(this, args);
    };
    try {
      await run(tx);
    } finally {
      client.query = original;
    }
    const plans: string[] = [];
    for (const s of statements.filter((st) => /order by/i.test(st.text))) {
      const literal = (v: unknown) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
      const text = s.text.replace(/\$(\d+)/g, (_m, n: string) => literal(s.values[Number(n) - 1]));
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${text}`));
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}

const sorts = (plan: string) => plan.split('\n').filter((line) => /^\s*(->\s*)?(Incremental )?Sort\b(?! Key| Method)/.test(line)).length;

describe('lists are read in index order, never sorted whole', () => {
  it('profile answers (first and next pages)', async () => {
    const first = await profileAnswersPage(t.ctx.db, viewer.id, heavy.id);
    for (const cursor of [undefined, first.nextCursor!]) {
      const plans = await plansOf((db) => profileAnswersPage(db, viewer.id, heavy.id, cursor));
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/Index (Only )?Scan using questions_receiver_answered/);
      expect(sorts(plans[0]!)).toBe(0);
    }
  });

  it('the inbox', async () => {
    const plans = await plansOf((db) => inboxPage(db, heavy.id));
    expect(plans[0]).toMatch(/Index (Only )?Scan using questions_receiver_inbox/);
    expect(sorts(plans[0]!)).toBe(0);
  });

  it('the home feed: each followee is read in index order; only one row per followee (the floor) and the merged page are sorted', async () => {
    const plans = await plansOf((db) => feedPage(db, viewer.id, {}));
    expect(plans[0]).toMatch(/Index (Only )?Scan using questions_receiver_answered/);
    // decision 185: the floor sorts each followee's newest answer, the page its candidates
    expect(sorts(plans[0]!)).toBe(2);
  });
});
