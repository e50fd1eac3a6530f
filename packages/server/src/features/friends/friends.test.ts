import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';
import { friendSuggestions } from '../../db/schema/index.js';
import { listenToStatementRuns } from '../../db/statements.js';
import { FRIEND_SUGGESTIONS_TTL_MS, rankingStatement } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usernames = (res: { json(): { items: { username: string }[] } }) => res.json().items.map((u) => u.username);

describe('GET /api/users/search', () => {
  it('finds a user by a middle substring of the full name or username, case-insensitively', async () => {
    const viewer = await signUpUser(t.app);
    const target = await signUpUser(t.app, { username: 'zed_marvel_42', fullname: 'Annabelle Quixotic' });
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=XOTI'))).toEqual([target.username]);
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=marvel'))).toEqual([target.username]);
    const card = (await apiAs(t.app, viewer).get('/api/users/search?q=quixotic')).json().items[0];
    expect(card).toEqual({
      id: target.id,
      username: target.username,
      fullname: 'Annabelle Quixotic',
      photoURL: '/images/default-avatar.svg',
      badge: '',
      isFollowing: false,
    });
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

  it('matches a 1- or 2-character substring anywhere in the username or full name, prefixes first', async () => {
    const viewer = await signUpUser(t.app);
    const stamp = Date.now();
    const starts = await signUpUser(t.app, { username: `qv_${stamp}`, fullname: 'Start Match' });
    const middle = await signUpUser(t.app, { username: `xqv_${stamp}`, fullname: 'Middle Match' });
    const inName = await signUpUser(t.app, { username: `plain_${stamp}`, fullname: 'Mr QV Smith' });
    // the two characters only across the end of the username and the start of the full name
    await signUpUser(t.app, { username: `across_q`, fullname: 'Vera Jones' });
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=qV'))).toEqual([starts.username, inName.username, middle.username]);
    // one character: 'ǭ' appears in only one full name
    const rare = await signUpUser(t.app, { fullname: 'Tǭm Rare' });
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=%C7%AD'))).toEqual([rare.username]);
  });

  it('orders prefix matches first, then other matches by username, also when thousands match', async () => {
    const viewer = await signUpUser(t.app);
    // 3,100 full names with 'zorblax' (more than the trigram path's cap: the ordered walk answers),
    // a few usernames starting with it, and one in the middle of a username
    await t.ctx.db.execute(sql`
      insert into users (id, email, username, fullname, password_hash)
      select 'zb-' || g, 'zb' || g || '@example.test', 'm' || lpad(g::text, 5, '0') || '_' || (g % 7), 'Mr Zorblax ' || g, 'x'
      from generate_series(1, 3100) g`);
    const names = ['zorblax', 'zorblax_b', 'zorblax1', 'a_zorblax_c'];
    for (const username of names) await signUpUser(t.app, { username, fullname: 'Plain Name' });
    await t.ctx.db.execute(sql`analyze users`);
    const all = await t.ctx.db.execute(sql`select username from users where username like '%zorblax%' or lower(fullname) like '%zorblax%'`);
    const matching = (all as unknown as { rows: { username: string }[] }).rows.map((r) => r.username);
    const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = (needle: string) => {
      const prefixed = matching.filter((u) => u.startsWith(needle)).sort(byBytes);
      const rest = matching.filter((u) => !u.startsWith(needle)).sort(byBytes);
      return [...prefixed, ...rest].slice(0, 20);
    };
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=Zorblax'))).toEqual(expected('zorblax'));
    // a narrower needle that only a few match takes the trigram path, with the same order
    const few = usernames(await apiAs(t.app, viewer).get('/api/users/search?q=blax_'));
    expect(few).toEqual(['a_zorblax_c', 'zorblax_b']);
    // a 2-character needle thousands match ('ax' in every 'Mr Zorblax'): the ordered walk answers it too
    const ax = await t.ctx.db.execute(sql`select username from users where id <> ${viewer.id} and (username like '%ax%' or lower(fullname) like '%ax%')`);
    const axMatching = (ax as unknown as { rows: { username: string }[] }).rows.map((r) => r.username);
    expect(axMatching.length).toBeGreaterThan(3000);
    const axExpected = [...axMatching.filter((u) => u.startsWith('ax')).sort(byBytes), ...axMatching.filter((u) => !u.startsWith('ax')).sort(byBytes)];
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/search?q=AX'))).toEqual(axExpected.slice(0, 20));
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

  it("computes a viewer's suggestions once, reuses them, and checks follows made since", async () => {
    const viewer = await signUpUser(t.app);
    const [friend, suggested] = [await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, viewer.id, friend.id);
    await insertFollow(t.ctx.db, friend.id, suggested.id);
    const keptAt = async () => (await t.ctx.db.select().from(friendSuggestions).where(eq(friendSuggestions.userId, viewer.id)))[0]?.computedAt;
    // concurrent first visits compute the ranking once
    const ranks = countStatements(rankingStatement);
    const [first] = await Promise.all(Array.from({ length: 4 }, () => apiAs(t.app, viewer).get('/api/users/recommended')));
    expect(usernames(first!)[0]).toBe(suggested.username);
    expect(ranks.stop()).toBe(1);
    const computedAt = await keptAt();
    // following a suggestion removes it at once, without a recomputation
    await insertFollow(t.ctx.db, viewer.id, suggested.id);
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/recommended'))).not.toContain(suggested.username);
    expect(await keptAt()).toEqual(computedAt);
  });

  it('serves stale suggestions while a fresh ranking is computed in the background', async () => {
    const viewer = await signUpUser(t.app);
    await Promise.all(Array.from({ length: 21 }, () => signUpUser(t.app)));
    await apiAs(t.app, viewer).get('/api/users/recommended');
    const old = new Date(Date.now() - FRIEND_SUGGESTIONS_TTL_MS - 1000);
    await t.ctx.db.update(friendSuggestions).set({ computedAt: old }).where(eq(friendSuggestions.userId, viewer.id));
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/recommended'))).toHaveLength(20);
    await expect
      .poll(async () => (await t.ctx.db.select().from(friendSuggestions).where(eq(friendSuggestions.userId, viewer.id)))[0]!.computedAt > old)
      .toBe(true);
  });

  it('still suggests 20 people after the first ones were followed, and recomputes a ranking that needed a second read', async () => {
    const viewer = await signUpUser(t.app);
    await Promise.all(Array.from({ length: 60 }, () => signUpUser(t.app)));
    const first = usernames(await apiAs(t.app, viewer).get('/api/users/recommended'));
    expect(first).toHaveLength(20);
    // follow the first 25 of the ranking: more than the margin of the first read
    const kept = (await t.ctx.db.select().from(friendSuggestions).where(eq(friendSuggestions.userId, viewer.id)))[0]!;
    for (const id of kept.candidateIds.slice(0, 25)) await insertFollow(t.ctx.db, viewer.id, id);
    const reads = countStatements({ name: 'friend_suggestions_read' });
    const after = usernames(await apiAs(t.app, viewer).get('/api/users/recommended'));
    expect(reads.stop()).toBe(2);
    expect(after).toHaveLength(20);
    expect(after.some((name) => first.slice(0, 20).includes(name))).toBe(false);
    // a ranking over a minute old that needed the second read is recomputed in the background…
    const old = new Date(Date.now() - 2 * 60_000);
    await t.ctx.db.update(friendSuggestions).set({ computedAt: old }).where(eq(friendSuggestions.userId, viewer.id));
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/recommended'))).toEqual(after);
    await expect
      .poll(async () => (await t.ctx.db.select().from(friendSuggestions).where(eq(friendSuggestions.userId, viewer.id)))[0]!.computedAt > old)
      .toBe(true);
    // …and then the first read is enough again
    const again = countStatements({ name: 'friend_suggestions_read' });
    expect(usernames(await apiAs(t.app, viewer).get('/api/users/recommended'))).toEqual(after);
    expect(again.stop()).toBe(1);
  });
});

/** Counts the runs of one prepared statement (by name). */
function countStatements(statement: { name: string }): { stop(): number } {
  let count = 0;
  listenToStatementRuns((ran) => {
    if (ran.name === statement.name) count += 1;
  });
  return {
    stop() {
      listenToStatementRuns(null);
      return count;
    },
  };
}
