import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';
import { forgetPopularUsers } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => forgetPopularUsers(t.ctx.db));

const usernames = (res: { json(): { items: { username: string }[] } }) => res.json().items.map((u) => u.username);

describe('GET /api/users/search', () => {
  it('finds a user by a middle substring of the full name or username, case-insensitively', async () => {
    const viewer = await signUpUser(t.app);
    const target = await signUpUser(t.app, { username: 'zed_marvel_42', fullname: 'Annabelle Quixotic' });
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=XOTI'))).toEqual([target.username]);
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=marvel'))).toEqual([target.username]);
    const card = (await apiAs(t.app, viewer).get('/api/users/search?q=quixotic')).json().items[0];
    expect(card).toEqual({ id: target.id, username: target.username, fullname: 'Annabelle Quixotic', photoURL: '/images/default-avatar.svg', badge: '', isFollowing: false });
  });

  it('excludes the viewer and people in a block either way, and says whether the viewer follows', async () => {
    const viewer = await signUpUser(t.app, { fullname: 'Gloomwood Viewer' });
    const followed = await signUpUser(t.app, { fullname: 'Gloomwood Followed' });
    const blockedByViewer = await signUpUser(t.app, { fullname: 'Gloomwood Blocked' });
    const blockedViewer = await signUpUser(t.app, { fullname: 'Gloomwood Blocker' });
    await insertBlock(t.ctx.db, viewer.id, blockedByViewer.id);
    await insertBlock(t.ctx.db, blockedViewer.id, viewer.id);
    await insertFollow(t.ctx.db, viewer.id, followed.id);
    const res = await apiAs(t.app, viewer).get('/api/users/search?q=gloomwood');
    expect(res.json().items).toEqual([expect.objectContaining({ username: followed.username, isFollowing: true })]);
  });

  it('treats % and _ literally, returns nothing for an empty query and needs a session', async () => {
    const viewer = await signUpUser(t.app);
    await signUpUser(t.app, { fullname: 'Percent Person' });
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=%25'))).toEqual([]);
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=%20%20'))).toEqual([]);
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search'))).toEqual([]);
    expect((await apiAs(t.app, null).get('/api/users/search?q=per')).statusCode).toBe(401);
    expect((await apiAs(t.app, viewer).get(`/api/users/search?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('returns at most 20 results', async () => {
    const viewer = await signUpUser(t.app);
    await Promise.all(Array.from({ length: 22 }, (_, i) => signUpUser(t.app, { fullname: `Manyfold ${i}` })));
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=manyfold'))).toHaveLength(20);
  });
});

describe('GET /api/users/recommended', () => {
  async function followAll(follower: TestUser, followees: TestUser[]) {
    for (const followee of followees) await insertFollow(t.ctx.db, follower.id, followee.id);
  }

  it('ranks friends of friends first, then the most followed; never self, followed or blocked users', async () => {
    const viewer = await signUpUser(t.app);
    const [friendA, friendB, mutualOfTwo, mutualOfOne, popular, followedAlready, blockedByViewer, blockerOfViewer] = await Promise.all(
      Array.from({ length: 8 }, () => signUpUser(t.app)),
    );
    await followAll(viewer, [friendA!, friendB!, followedAlready!]);
    await followAll(friendA!, [mutualOfTwo!, mutualOfOne!, blockedByViewer!, blockerOfViewer!, viewer]);
    await followAll(friendB!, [mutualOfTwo!]);
    const fans = await Promise.all(Array.from({ length: 3 }, () => signUpUser(t.app)));
    for (const fan of fans) await followAll(fan, [popular!, blockedByViewer!]);
    await insertBlock(t.ctx.db, viewer.id, blockedByViewer!.id);
    await insertBlock(t.ctx.db, blockerOfViewer!.id, viewer.id);

    const res = await apiAs(t.app, viewer).get('/api/users/recommended');
    expect(res.statusCode).toBe(200);
    const names = usernames(res);
    expect(names.slice(0, 2)).toEqual([mutualOfTwo!.username, mutualOfOne!.username]);
    expect(names).toContain(popular!.username);
    for (const excluded of [viewer, friendA!, friendB!, followedAlready!, blockedByViewer!, blockerOfViewer!]) expect(names).not.toContain(excluded.username);
    expect(res.json().items.every((u: { isFollowing: boolean }) => !u.isFollowing)).toBe(true);
    expect(names.length).toBeLessThanOrEqual(20);
  });

  it('returns at most 20 people', async () => {
    const viewer = await signUpUser(t.app);
    await Promise.all(Array.from({ length: 25 }, () => signUpUser(t.app)));
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/recommended'))).toHaveLength(20);
  });
});
