import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.js';
import { insertBlock, insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { feedPage } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** An answered question of `receiver`, answered at `answeredAt`. */
async function answered(receiver: TestUser, sender: TestUser, answeredAt: Date, text = 'q'): Promise<string> {
  const id = `feed-${++seq}-${receiver.id.slice(0, 8)}`;
  await t.ctx.db.insert(questions).values({
    id,
    senderId: sender.id,
    receiverId: receiver.id,
    text,
    answer: `a ${text}`,
    answered: true,
    answeredAt,
    createdAt: new Date(answeredAt.getTime() - 1000),
  });
  return id;
}

type Page = { items: { id: string; answeredAt: string; receiver: { username: string } }[]; nextCursor: string | null };
const feed = async (user: TestUser, query = '') => (await apiAs(t.app, user).get(`/api/feed${query}`)).json() as Page;

describe('home feed', () => {
  it('shows answers of followed users only, newest answer first, with like counts', async () => {
    const [viewer, followed, stranger] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, viewer.id, followed.id);
    const now = Date.now();
    const older = await answered(followed, stranger, new Date(now - 60_000), 'older');
    const newer = await answered(followed, stranger, new Date(now - 1_000), 'newer');
    await answered(stranger, followed, new Date(now), 'not followed');
    await t.ctx.db.insert(questions).values({ id: `unanswered-${viewer.id}`, senderId: viewer.id, receiverId: followed.id, text: 'pending' });
    const page = await feed(viewer);
    expect(page.items.map((p) => p.id)).toEqual([newer, older]);
    expect(page.items[0]).toMatchObject({
      text: 'newer',
      answer: 'a newer',
      likeCount: 0,
      likedByViewer: false,
      receiver: { username: followed.username },
      publicProfile: false,
    });
    expect(page.nextCursor).toBeNull();
  });

  it("mixes the viewer's own answers in, newest first, so home is never empty for someone who answers", async () => {
    const [viewer, followed, asker] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, viewer.id, followed.id);
    const now = Date.now();
    const theirs = await answered(followed, asker, new Date(now - 30_000), 'theirs');
    const mine = await answered(viewer, asker, new Date(now - 1_000), 'mine');
    const page = await feed(viewer);
    expect(page.items.map((p) => p.id)).toEqual([mine, theirs]);
    expect(page.items[0]!.receiver.username).toBe(viewer.username);
    // an answer of the viewer is not in anyone else's feed unless they follow them
    expect((await feed(asker)).items).toEqual([]);
    // FIRST_LOOK=off: the spec's feed, the followed people's answers only
    const spec = await feedPage(t.ctx.db, viewer.id, { withOwnAnswers: false });
    expect(spec.items.map((p) => p.id)).toEqual([theirs]);
  });

  it('is empty for someone who follows nobody', async () => {
    const loner = await signUpUser(t.app);
    expect(await feed(loner)).toEqual({ items: [], nextCursor: null });
  });

  it('never shows answers across a block, in either direction', async () => {
    const [viewer, blockedByViewer, blockerOfViewer, fine] = [
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
      await signUpUser(t.app),
    ];
    for (const u of [blockedByViewer, blockerOfViewer, fine]) await insertFollow(t.ctx.db, viewer.id, u.id);
    const at = new Date();
    await answered(blockedByViewer, fine, at);
    await answered(blockerOfViewer, fine, at);
    const visible = await answered(fine, fine, at);
    await insertBlock(t.ctx.db, viewer.id, blockedByViewer.id);
    await insertBlock(t.ctx.db, blockerOfViewer.id, viewer.id);
    expect((await feed(viewer)).items.map((p) => p.id)).toEqual([visible]);
    const since = new Date(at.getTime() - 1000).toISOString();
    expect((await apiAs(t.app, viewer).get(`/api/feed/new-count?since=${since}`)).json()).toEqual({ count: 1 });
  });

  it('pages by (answered_at, id): every answer exactly once, even with equal times and new answers arriving', async () => {
    const [viewer, x, y] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, viewer.id, x.id);
    await insertFollow(t.ctx.db, viewer.id, y.id);
    const base = Date.now() - 3_600_000;
    const expected: string[] = [];
    // 50 answers, many sharing the same answered_at, spread over two followees
    for (let i = 0; i < 50; i++) expected.push(await answered(i % 2 ? x : y, viewer, new Date(base - Math.floor(i / 3) * 1000), `p${i}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await feed(viewer, cursor ? `?cursor=${cursor}` : '');
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      pages += 1;
      // a new answer arrives between every page: it is newer, so it never enters the pages still to come
      await answered(x, viewer, new Date(), `live${pages}`);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(50);
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  it('with more followees than a page, pages follow (answered_at, id) exactly: the per-followee floor drops nothing (decision 185)', async () => {
    const viewer = await signUpUser(t.app);
    const followees: TestUser[] = [];
    for (let i = 0; i < 30; i++) followees.push(await signUpUser(t.app));
    for (const f of followees) await insertFollow(t.ctx.db, viewer.id, f.id);
    const base = Date.now() - 86_400_000;
    const all: { id: string; at: number }[] = [];
    // uneven: a few prolific followees, many with one or two answers, times often equal
    for (let i = 0; i < followees.length; i++) {
      const count = i % 7 === 0 ? 12 : (i % 3) + 1;
      for (let k = 0; k < count; k++) {
        const at = base + ((i * 37 + k * 53) % 40) * 60_000;
        all.push({ id: await answered(followees[i]!, viewer, new Date(at), `f${i}-${k}`), at });
      }
    }
    const expected = all.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((a) => a.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await feed(viewer, cursor ? `?cursor=${cursor}` : '');
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('pinned with `until`, the first page stays the same while `new-count` counts the newer answers', async () => {
    const [viewer, x] = [await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, viewer.id, x.id);
    const first = await answered(x, viewer, new Date(Date.now() - 5000));
    const until = new Date().toISOString();
    expect((await apiAs(t.app, viewer).get(`/api/feed/new-count?since=${until}`)).json()).toEqual({ count: 0 });
    await answered(x, viewer, new Date(Date.now() + 1000));
    await answered(x, viewer, new Date(Date.now() + 2000));
    expect((await feed(viewer, `?until=${until}`)).items.map((p) => p.id)).toEqual([first]);
    expect((await apiAs(t.app, viewer).get(`/api/feed/new-count?since=${until}`)).json()).toEqual({ count: 2 });
    expect((await feed(viewer)).items).toHaveLength(3);
  });

  it('rejects bad query values with a 400 and signed-out calls with a 401', async () => {
    const viewer = await signUpUser(t.app);
    expect((await apiAs(t.app, viewer).get('/api/feed/new-count')).statusCode).toBe(400);
    expect((await apiAs(t.app, viewer).get('/api/feed/new-count?since=yesterday')).statusCode).toBe(400);
    expect((await apiAs(t.app, viewer).get('/api/feed?cursor=%%%')).statusCode).toBe(400);
    expect((await apiAs(t.app, viewer).get('/api/feed?until=soon')).statusCode).toBe(400);
    expect((await apiAs(t.app, null).get('/api/feed')).statusCode).toBe(401);
  });
});
