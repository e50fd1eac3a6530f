import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { en } from '@askbox/common';
import { follows } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { insertBlock } from '../../test/fixtures.js';
import { watchEvents } from '../../test/events.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkCount = async (followerId: string, followeeId: string) =>
  (
    await t.ctx.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
  ).length;

describe('follow and unfollow', () => {
  it('follows, is idempotent, and emits followed once', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const watch = watchEvents();
    const first = await apiAs(t.app, alice).post(`/api/users/${bob.username}/follow`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isFollowing: true, followers: 1 });
    const again = await apiAs(t.app, alice).post(`/api/users/${bob.username}/follow`);
    expect(again.json()).toEqual({ isFollowing: true, followers: 1 });
    expect(await linkCount(alice.id, bob.id)).toBe(1);
    expect(watch.emitted('followed')).toEqual([expect.objectContaining({ followerId: alice.id, followeeId: bob.id })]);
    watch.spy.mockRestore();
  });

  it('accepts the username in any case', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const res = await apiAs(t.app, alice).post(`/api/users/${bob.username.toUpperCase()}/follow`);
    expect(res.json().isFollowing).toBe(true);
  });

  it('unfollows (removing the link) and unfollowing again is a no-op', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await apiAs(t.app, alice).post(`/api/users/${bob.username}/follow`);
    const res = await apiAs(t.app, alice).delete(`/api/users/${bob.username}/follow`);
    expect(res.json()).toEqual({ isFollowing: false, followers: 0 });
    expect(await linkCount(alice.id, bob.id)).toBe(0);
    const again = await apiAs(t.app, alice).delete(`/api/users/${bob.username}/follow`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ isFollowing: false, followers: 0 });
  });

  it('refuses to follow yourself', async () => {
    const alice = await signUpUser(t.app);
    const res = await apiAs(t.app, alice).post(`/api/users/${alice.username}/follow`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(en.errors.self_follow);
    expect(await linkCount(alice.id, alice.id)).toBe(0);
  });

  it.each(['viewer blocked them', 'they blocked the viewer'])('refuses with the spec message when %s', async (direction) => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    if (direction === 'viewer blocked them') await insertBlock(t.ctx.db, alice.id, bob.id);
    else await insertBlock(t.ctx.db, bob.id, alice.id);
    const res = await apiAs(t.app, alice).post(`/api/users/${bob.username}/follow`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'blocked', message: en.errors.blocked });
    expect(await linkCount(alice.id, bob.id)).toBe(0);
  });

  it('answers 404 for an unknown user and 401 when signed out', async () => {
    const alice = await signUpUser(t.app);
    expect((await apiAs(t.app, alice).post('/api/users/nobody_here_x/follow')).statusCode).toBe(404);
    expect((await apiAs(t.app, null).post(`/api/users/${alice.username}/follow`)).statusCode).toBe(401);
  });

  it('keeps the counter exact under concurrent follow and unfollow clicks', async () => {
    const star = await signUpUser(t.app);
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUpUser(t.app)));
    // every fan taps follow three times at once, half of them then unfollow twice at once
    await Promise.all(fans.flatMap((fan) => [1, 2, 3].map(() => apiAs(t.app, fan).post(`/api/users/${star.username}/follow`))));
    await Promise.all(fans.slice(0, 3).flatMap((fan) => [1, 2].map(() => apiAs(t.app, fan).delete(`/api/users/${star.username}/follow`))));
    const rows = await t.ctx.db.select().from(follows).where(eq(follows.followeeId, star.id));
    expect(rows).toHaveLength(3);
    const last = await apiAs(t.app, fans[5]!).post(`/api/users/${star.username}/follow`);
    expect(last.json().followers).toBe(3);
  });
});

describe('followers and following lists', () => {
  it('lists public cards only, and hides people in a block with the viewer', async () => {
    const star = await signUpUser(t.app);
    const fan = await signUpUser(t.app);
    const hidden = await signUpUser(t.app);
    const viewer = await signUpUser(t.app);
    await apiAs(t.app, fan).post(`/api/users/${star.username}/follow`);
    await apiAs(t.app, hidden).post(`/api/users/${star.username}/follow`);
    await apiAs(t.app, star).post(`/api/users/${fan.username}/follow`);
    await insertBlock(t.ctx.db, hidden.id, viewer.id);

    const followers = await apiAs(t.app, viewer).get(`/api/users/${star.username}/followers`);
    expect(followers.statusCode).toBe(200);
    expect(followers.json().items.map((u: { username: string }) => u.username)).toEqual([fan.username]);
    expect(followers.json().items[0]).toEqual({
      id: fan.id,
      username: fan.username,
      fullname: fan.fullname,
      photoURL: '/images/default-avatar.svg',
      badge: '',
    });
    const following = await apiAs(t.app, viewer).get(`/api/users/${star.username}/following`);
    expect(following.json().items.map((u: { username: string }) => u.username)).toEqual([fan.username]);
  });

  it('refuses the lists of someone who blocked the viewer', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await insertBlock(t.ctx.db, bob.id, alice.id);
    const res = await apiAs(t.app, alice).get(`/api/users/${bob.username}/followers`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('items');
  });
});
