import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.js';
import { insertFollow } from '../test/fixtures.js';
import { createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { warmUpReadPaths } from './warmUp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The rows of the tables a read path could write to (a friend suggestion, a session, a like count): what a read-only warm-up leaves as they were. */
const writable = ['friend_suggestions', 'sessions', 'questions', 'likes', 'like_count_changes', 'follows', 'users', 'user_stats'];
const rowCounts = async () => {
  const counts: Record<string, number> = {};
  for (const table of writable) {
    const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row!.n;
  }
  return counts;
};

describe('the read paths warmed before the server listens', () => {
  it('runs the read paths of members who follow someone, within its budget, and writes nothing', async () => {
    const [a, b] = [await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, a.id, b.id);
    const before = await rowCounts();
    const warmed = await warmUpReadPaths(t.ctx.db, 200);
    expect(warmed.rounds).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(before);
  });

  it('does nothing on a database without members', async () => {
    await t.ctx.db.execute(sql`delete from follows`);
    expect((await warmUpReadPaths(t.ctx.db, 200)).rounds).toBe(0);
  });
});
