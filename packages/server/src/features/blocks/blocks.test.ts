import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { blocks, follows, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hasBlock = async (blockerId: string, blockedId: string) =>
  (
    await t.ctx.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
  ).length === 1;

describe('block and unblock', () => {
  it('blocks and removes the follow links in both directions', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const carol = await signUpUser(t.app);
    await insertFollow(t.ctx.db, alice.id, bob.id);
    await insertFollow(t.ctx.db, bob.id, alice.id);
    await insertFollow(t.ctx.db, alice.id, carol.id);
    const res = await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blockedByViewer: true });
    expect(await hasBlock(alice.id, bob.id)).toBe(true);
    const left = await t.ctx.db.select().from(follows).where(eq(follows.followerId, alice.id));
    expect(left.map((f) => f.followeeId)).toEqual([carol.id]);
    expect(await t.ctx.db.select().from(follows).where(eq(follows.followerId, bob.id))).toHaveLength(0);
  });

  it('is idempotent and refuses blocking yourself', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`);
    expect((await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`)).statusCode).toBe(200);
    const self = await apiAs(t.app, alice).post(`/api/users/${alice.username}/block`);
    expect(self.statusCode).toBe(400);
    expect(await hasBlock(alice.id, alice.id)).toBe(false);
  });

  it('unblocks only your own block', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await insertBlock(t.ctx.db, alice.id, bob.id);
    await insertBlock(t.ctx.db, bob.id, alice.id);
    const res = await apiAs(t.app, alice).delete(`/api/users/${bob.username}/block`);
    expect(res.json()).toEqual({ blockedByViewer: false });
    expect(await hasBlock(alice.id, bob.id)).toBe(false);
    expect(await hasBlock(bob.id, alice.id)).toBe(true);
  });

  it('lifts a block of a suspended account, which the block list still shows', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await insertBlock(t.ctx.db, alice.id, bob.id);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, bob.id));
    const list = (await apiAs(t.app, alice).get('/api/me/blocks')).json() as { items: { username: string }[] };
    expect(list.items.map((u) => u.username)).toEqual([bob.username]);
    const res = await apiAs(t.app, alice).delete(`/api/users/${bob.username}/block`);
    expect(res.statusCode).toBe(200);
    expect(await hasBlock(alice.id, bob.id)).toBe(false);
    // blocking still needs an account that can be found
    expect((await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`)).statusCode).toBe(404);
  });

  it('after an unblock, following works again', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`);
    expect((await apiAs(t.app, bob).post(`/api/users/${alice.username}/follow`)).statusCode).toBe(403);
    await apiAs(t.app, alice).delete(`/api/users/${bob.username}/block`);
    expect((await apiAs(t.app, bob).post(`/api/users/${alice.username}/follow`)).statusCode).toBe(200);
  });

  it('a block racing with follows leaves no follow link', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await Promise.all([
      apiAs(t.app, bob).post(`/api/users/${alice.username}/follow`),
      apiAs(t.app, alice).post(`/api/users/${bob.username}/block`),
      apiAs(t.app, bob).post(`/api/users/${alice.username}/follow`),
    ]);
    expect(await t.ctx.db.select().from(follows).where(eq(follows.followerId, bob.id))).toHaveLength(0);
  });

  it('shows the block list to its owner only, as public cards', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const carol = await signUpUser(t.app);
    await apiAs(t.app, alice).post(`/api/users/${bob.username}/block`);
    await apiAs(t.app, alice).post(`/api/users/${carol.username}/block`);
    const mine = await apiAs(t.app, alice).get('/api/me/blocks');
    expect(
      mine
        .json()
        .items.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual([bob.username, carol.username].sort());
    expect(mine.json().items[0]).not.toHaveProperty('email');
    expect((await apiAs(t.app, bob).get('/api/me/blocks')).json().items).toEqual([]);
    expect((await apiAs(t.app, null).get('/api/me/blocks')).statusCode).toBe(401);
  });
});
