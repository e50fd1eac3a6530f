import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.js';
import { insertBlock } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous });
const answer = (by: TestUser, id: string, text: string) => apiAs(t.app, by).post(`/api/questions/${id}/answer`, { answer: text });

describe('answers on profiles', () => {
  it("lists the owner's answered questions newest answer first, with sender only when not anonymous", async () => {
    const [owner, asker, viewer] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const q1 = (await ask(asker, owner, 'first asked', false)).json().id;
    const q2 = (await ask(asker, owner, 'second asked', true)).json().id;
    await ask(asker, owner, 'still unanswered');
    await answer(owner, q2, 'answered first');
    await new Promise((r) => setTimeout(r, 5));
    await answer(owner, q1, 'answered last');
    const res = await apiAs(t.app, viewer).get(`/api/users/${owner.username.toUpperCase()}/answers`);
    expect(res.statusCode).toBe(200);
    const { items, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(items.map((p: { id: string }) => p.id)).toEqual([q1, q2]);
    expect(items[0]).toMatchObject({
      text: 'first asked',
      answer: 'answered last',
      isAnonymous: false,
      sender: { username: asker.username },
      receiver: { username: owner.username },
      likeCount: 0,
      likedByViewer: false,
    });
    expect(items[1].sender).toBeNull();
    expect(new Date(items[0].answeredAt).getTime()).toBeGreaterThanOrEqual(new Date(items[0].createdAt).getTime());
  });

  it("says whether the receiver's profile is public, which is what lets anyone share its answers", async () => {
    const [owner, viewer] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = (await ask(viewer, owner, 'shareable?')).json().id;
    await answer(owner, id, 'depends');
    const shown = async () => (await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers`)).json().items[0].publicProfile;
    expect(await shown()).toBe(false);
    expect((await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true })).statusCode).toBe(200);
    expect(await shown()).toBe(true);
  });

  it('pages 20 at a time with every answer exactly once', async () => {
    const owner = await signUpUser(t.app);
    const at = Date.now();
    await t.ctx.db.insert(questions).values(
      Array.from({ length: 41 }, (_, i) => ({
        id: `ans-${owner.id}-${i}`,
        senderId: owner.id,
        receiverId: owner.id,
        text: 'q',
        answer: 'a',
        answered: true,
        answeredAt: new Date(at - (i % 4) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body = (await apiAs(t.app, owner).get(`/api/users/${owner.username}/answers${cursor ? `?cursor=${cursor}` : ''}`)).json() as {
        items: { id: string }[];
        nextCursor: string | null;
      };
      expect(body.items.length).toBeLessThanOrEqual(20);
      seen.push(...body.items.map((p) => p.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(41);
    expect(new Set(seen).size).toBe(41);
  });

  it('shows the viewer whether they liked each answer', async () => {
    const [owner, viewer] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = (await ask(viewer, owner, 'like me')).json().id;
    await answer(owner, id, 'ok');
    await apiAs(t.app, viewer).post(`/api/answers/${id}/like`);
    const [item] = (await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers`)).json().items;
    expect(item).toMatchObject({ likeCount: 1, likedByViewer: true });
    const [ownView] = (await apiAs(t.app, owner).get(`/api/users/${owner.username}/answers`)).json().items;
    expect(ownView).toMatchObject({ likeCount: 1, likedByViewer: false });
  });

  it('is closed across a block in either direction, 404 for unknown users', async () => {
    const [owner, viewer, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertBlock(t.ctx.db, owner.id, viewer.id);
    await insertBlock(t.ctx.db, other.id, owner.id);
    const blockedBy = await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers`);
    expect(blockedBy.statusCode).toBe(403);
    expect(blockedBy.json().error.code).toBe('blocked_by_user');
    expect((await apiAs(t.app, other).get(`/api/users/${owner.username}/answers`)).statusCode).toBe(403);
    expect((await apiAs(t.app, viewer).get('/api/users/nobody_at_all/answers')).statusCode).toBe(404);
  });

  it('leaves out a named sender who is blocked either way with the viewer, keeping the answer', async () => {
    const [owner, asker, viewer] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const id = (await ask(asker, owner, 'named question', false)).json().id;
    await answer(owner, id, 'visible answer');
    await insertBlock(t.ctx.db, asker.id, viewer.id);
    const [item] = (await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers`)).json().items;
    expect(item).toMatchObject({ id, answer: 'visible answer', isAnonymous: false, sender: null });
    const [ownerView] = (await apiAs(t.app, owner).get(`/api/users/${owner.username}/answers`)).json().items;
    expect(ownerView.sender).toMatchObject({ username: asker.username });
  });
});

describe('deleting an answer', () => {
  it('is DELETE /api/answers/:id for its owner alone; an unanswered question is not an answer there; the old path still works', async () => {
    const [owner, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    const answered = (await ask(asker, owner, 'to be answered')).json().id as string;
    const unanswered = (await ask(asker, owner, 'left unanswered')).json().id as string;
    const viaOldPath = (await ask(asker, owner, 'answered, deleted the old way')).json().id as string;
    await answer(owner, answered, 'soon gone');
    await answer(owner, viaOldPath, 'gone too');

    expect((await apiAs(t.app, asker).delete(`/api/answers/${answered}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, owner).delete(`/api/answers/${unanswered}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, owner).delete(`/api/answers/${answered}`)).statusCode).toBe(204);
    expect((await apiAs(t.app, owner).delete(`/api/answers/${answered}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, owner).delete(`/api/questions/${viaOldPath}`)).statusCode).toBe(204);

    const left = (await apiAs(t.app, owner).get(`/api/users/${owner.username}/answers`)).json().items.map((item: { id: string }) => item.id);
    expect(left).toEqual([]);
    const inbox = (await apiAs(t.app, owner).get('/api/me/inbox')).json().items.map((item: { id: string }) => item.id);
    expect(inbox).toContain(unanswered);
  });
});

describe('pinned answers', () => {
  it('pins up to 3 of your own answers to the top of your profile, for everyone who may see it', async () => {
    const [owner, viewer] = [await signUpUser(t.app), await signUpUser(t.app)];
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three', 'four']) {
      const id = (await ask(viewer, owner, `pin ${text}?`)).json().id as string;
      await answer(owner, id, `pinned ${text}`);
      ids.push(id);
    }
    const pin = (by: TestUser, id: string) => apiAs(t.app, by).put(`/api/answers/${id}/pin`);
    const pinned = async (by: TestUser) =>
      (await apiAs(t.app, by).get(`/api/users/${owner.username}/answers/pinned`)).json().items as { id: string; pinned: boolean }[];

    expect(await pinned(viewer)).toEqual([]);
    for (const id of ids.slice(0, 3)) expect((await pin(owner, id)).statusCode).toBe(204);
    expect((await pin(owner, ids[0]!)).statusCode).toBe(204); // again: still one pin
    const fourth = await pin(owner, ids[3]!);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({ code: 'pins_full', params: { max: 3 } });
    expect((await pinned(viewer)).map((a) => a.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect((await pinned(viewer)).every((a) => a.pinned)).toBe(true);
    // the profile's list says which are pinned
    const list = (await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers`)).json().items as { id: string; pinned: boolean }[];
    expect(list.find((a) => a.id === ids[3])!.pinned).toBe(false);
    expect(list.find((a) => a.id === ids[0])!.pinned).toBe(true);

    // only the owner pins; unpinning frees a place
    expect((await pin(viewer, ids[3]!)).json().error.code).toBe('answer_not_yours');
    expect((await apiAs(t.app, owner).delete(`/api/answers/${ids[0]}/pin`)).statusCode).toBe(204);
    expect((await pin(owner, ids[3]!)).statusCode).toBe(204);
    expect((await pinned(owner)).map((a) => a.id).sort()).toEqual(ids.slice(1).sort());
    // an unanswered question or no question at all is not found
    const waiting = (await ask(viewer, owner, 'not answered yet')).json().id as string;
    expect((await pin(owner, waiting)).statusCode).toBe(404);
    expect((await pin(owner, 'no-such-answer')).statusCode).toBe(404);

    // nothing across a block
    await insertBlock(t.ctx.db, owner.id, viewer.id);
    expect((await apiAs(t.app, viewer).get(`/api/users/${owner.username}/answers/pinned`)).statusCode).toBe(403);
  });
});
