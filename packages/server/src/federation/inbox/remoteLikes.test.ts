import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldLikeCounts, recountCounters } from '../../db/counters.js';
import { queryRows } from '../../db/sql.js';
import { startFederatedApp, type FederatedApp } from '../../test/federatedApp.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../../test/handBuiltPeer.js';
import { testConfig } from '../../config.js';
import { apiAs, signUpUser } from '../../test/harness.js';
import { insertSubscription } from '../../test/notificationFixtures.js';

/**
 * Likes from another server against floods (decision 347), as likes here are (decision 110): a
 * remote account that likes and takes it back over and over queues no push while it does, one
 * like queues one push that waits the grace period, and one a day per account and answer.
 */
let fed: FederatedApp;
let mo: HandBuiltPeer;
beforeAll(async () => {
  fed = await startFederatedApp({ push: { ...testConfig().push, graceSeconds: 30 } });
  mo = await startHandBuiltPeer({ afterSend: () => fed.t.ctx.federation!.receiveNow() });
});
afterAll(async () => {
  await mo?.close();
  await fed?.close();
});

const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';

describe("a remote account's likes of an answer", () => {
  it('like, take back, ten times over: no push; one like: one push, after the grace period; liked again the same day: none more', async () => {
    const alice = await signUpUser(fed.t.app);
    await apiAs(fed.t.app, alice).patch('/api/me/settings', { publicProfile: true });
    await insertSubscription(fed.t.ctx.db, alice.id);
    const bob = await signUpUser(fed.t.app);
    const questionId = (await apiAs(fed.t.app, bob).post(`/api/users/${alice.username}/questions`, { text: 'tea or coffee?', isAnonymous: true })).json()
      .id as string;
    await apiAs(fed.t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'Tea.' });
    const inboxUrl = `${fed.server.origin}/ap/actors/${alice.id}/inbox`;
    const answerUri = `${fed.server.origin}/ap/answers/${questionId}`;
    const pushes = () =>
      queryRows<{ sent: boolean; waits: boolean }>(
        fed.t.ctx.db,
        sql`select sent, next_attempt_at > now() + interval '20 seconds' as waits from push_notifications where user_id = ${alice.id} and data->>'type' = 'like'`,
      );
    const like = (n: number) => ({ '@context': ACTIVITY_STREAMS, id: `${mo.actorUri}#likes/${n}`, type: 'Like', actor: mo.actorUri, object: answerUri });
    const undo = (n: number) => ({ '@context': ACTIVITY_STREAMS, id: `${mo.actorUri}#likes/${n}/undo`, type: 'Undo', actor: mo.actorUri, object: like(n) });

    for (let n = 1; n <= 10; n++) {
      expect(await mo.send(inboxUrl, like(n))).toBe(202);
      expect(await mo.send(inboxUrl, undo(n))).toBe(202);
    }
    expect(await pushes()).toEqual([]);

    expect(await mo.send(inboxUrl, like(11))).toBe(202);
    expect(await pushes()).toEqual([{ sent: false, waits: true }]);

    // the push goes out; taken back and liked again the same day, it does not come again
    await fed.t.ctx.db.execute(sql`update push_notifications set sent = true where user_id = ${alice.id} and data->>'type' = 'like'`);
    expect(await mo.send(inboxUrl, undo(11))).toBe(202);
    expect(await mo.send(inboxUrl, like(12))).toBe(202);
    expect(await pushes()).toEqual([{ sent: true, waits: true }]);
  });

  it("count in the answer's likes and its owner's, through the same pending changes as likes here, and survive a recount", async () => {
    const alice = await signUpUser(fed.t.app);
    await apiAs(fed.t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const bob = await signUpUser(fed.t.app);
    const questionId = (await apiAs(fed.t.app, bob).post(`/api/users/${alice.username}/questions`, { text: 'and now?', isAnonymous: true })).json()
      .id as string;
    await apiAs(fed.t.app, alice).post(`/api/questions/${questionId}/answer`, { answer: 'Now.' });
    expect((await apiAs(fed.t.app, bob).post(`/api/answers/${questionId}/like`)).json().likeCount).toBe(1);
    const inboxUrl = `${fed.server.origin}/ap/actors/${alice.id}/inbox`;
    const like = {
      '@context': ACTIVITY_STREAMS,
      id: `${mo.actorUri}#likes/counted`,
      type: 'Like',
      actor: mo.actorUri,
      object: `${fed.server.origin}/ap/answers/${questionId}`,
    };
    const counts = async () => {
      const answer = (await apiAs(fed.t.app, alice).get(`/api/users/${alice.username}/answers`)).json().items[0] as { likeCount: number };
      const profile = (await apiAs(fed.t.app, bob).get(`/api/users/${alice.username}`)).json() as { counts: { likes: number } };
      return { answer: answer.likeCount, owner: profile.counts.likes };
    };

    expect(await mo.send(inboxUrl, like)).toBe(202);
    expect(await counts()).toEqual({ answer: 2, owner: 2 });
    await foldLikeCounts(fed.t.ctx.db);
    await recountCounters(fed.t.ctx.db);
    expect(await counts()).toEqual({ answer: 2, owner: 2 });
    const [stored] = await queryRows<{ likeCount: number }>(fed.t.ctx.db, sql`select like_count as "likeCount" from questions where id = ${questionId}`);
    expect(stored!.likeCount).toBe(2);

    expect(
      await mo.send(inboxUrl, { '@context': ACTIVITY_STREAMS, id: `${mo.actorUri}#likes/counted/undo`, type: 'Undo', actor: mo.actorUri, object: like }),
    ).toBe(202);
    expect(await counts()).toEqual({ answer: 1, owner: 1 });
    await recountCounters(fed.t.ctx.db);
    expect(await counts()).toEqual({ answer: 1, owner: 1 });
  });
});
