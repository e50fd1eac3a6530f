import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.js';
import { startFederatedApp, type FederatedApp } from '../test/federatedApp.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { signUpUser, type TestUser } from '../test/harness.js';
import { rawResponse, worldNormaliser } from '../test/observation.js';

/**
 * The reply anonymity proof, with the fediverse in it (decisions 358, 370–372): two worlds that
 * differ only in which of two suspects asked the anonymous question. A remote account that
 * follows the receiver replies under the answer, then both suspects and a bystander reply here.
 * The thread, the count, the Activity tab, the owner's hidden replies, the pushes queued and
 * every activity that reached the remote server must be the same bytes in both worlds.
 */
let fed: FederatedApp;
let mo: HandBuiltPeer;
beforeAll(async () => {
  fed = await startFederatedApp();
  mo = await startHandBuiltPeer({ afterSend: () => fed.t.ctx.federation!.receiveNow() });
});
afterAll(async () => {
  await mo?.close();
  await fed?.close();
});

const AS = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = `${AS}#Public`;

describe('a remote reply under an answer to an anonymous question', () => {
  it('gives everyone, and the remote server, the same bytes whichever suspect asked', async () => {
    const seen: string[] = [];
    for (const world of [0, 1]) {
      const receiver = await signUpUser(fed.t.app, { username: `fed_receiver_${world}x` });
      const suspects = [await signUpUser(fed.t.app, { username: `fed_first_${world}x` }), await signUpUser(fed.t.app, { username: `fed_second_${world}x` })];
      const bystander = await signUpUser(fed.t.app, { username: `fed_bystander_${world}x` });
      const as = (user: TestUser, method: string, url: string, payload?: unknown) =>
        fed.t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: { cookie: user.cookie } });
      for (const user of [receiver, ...suspects, bystander]) await as(user, 'PATCH', '/api/me/settings', { publicProfile: true });
      const receiverActor = `${fed.server.origin}/ap/actors/${receiver.id}`;
      await mo.send(`${receiverActor}/inbox`, {
        '@context': AS,
        id: `${mo.actorUri}#follows/${world}`,
        type: 'Follow',
        actor: mo.actorUri,
        object: receiverActor,
      });
      await fed.t.ctx.federation!.deliverNow();
      const receivedBefore = mo.received.length;

      const answerId = (await as(suspects[world]!, 'POST', `/api/users/${receiver.username}/questions`, { text: 'Who asked?', isAnonymous: true })).json()
        .id as string;
      await as(receiver, 'POST', `/api/questions/${answerId}/answer`, { answer: 'Not telling.' });
      const noteId = `${mo.actorUri}/statuses/world-${world}`;
      await mo.send(`${receiverActor}/inbox`, {
        '@context': AS,
        id: `${noteId}/activity`,
        type: 'Create',
        actor: mo.actorUri,
        to: [PUBLIC],
        object: {
          id: noteId,
          type: 'Note',
          attributedTo: mo.actorUri,
          inReplyTo: `${fed.server.origin}/ap/answers/${answerId}`,
          to: [PUBLIC],
          cc: [receiverActor],
          content: `<p><a href="${receiverActor}" class="u-url mention">@${receiver.username}</a> Who could it be?</p>`,
          tag: [{ type: 'Mention', href: receiverActor }],
        },
      });
      const observed: string[] = [];
      for (const [user, text] of [
        [suspects[0]!, 'First reply'],
        [suspects[1]!, 'Second reply'],
        [bystander, 'Bystander reply'],
      ] as const) {
        const sent = await as(user, 'POST', `/api/answers/${answerId}/replies`, { text });
        observed.push(`reply: ${sent.statusCode} ${JSON.stringify({ ...sent.json(), id: '<reply>' })}`);
      }
      const everyone = [`/api/answers/${answerId}/replies`, `/api/users/${receiver.username}/answers`, '/api/notifications/activity/groups'];
      for (const [name, user, urls] of [
        ['receiver', receiver, [...everyone, '/api/me/counters', '/api/me/hidden-replies']],
        ['bystander', bystander, [...everyone, '/api/me/counters']],
        ['suspect 0', suspects[0]!, everyone],
        ['suspect 1', suspects[1]!, everyone],
      ] as const) {
        for (const url of urls) observed.push(`${name} ${url}: ${rawResponse(await as(user, 'GET', url))}`);
      }
      const pushes = await queryRows<{ user_id: string; data: unknown }>(
        fed.t.ctx.db,
        sql`select user_id, data from push_notifications where user_id in (${receiver.id}, ${bystander.id}, ${suspects[0]!.id}, ${suspects[1]!.id})
              and data->>'type' = 'reply' order by user_id, data->>'replierUsername'`,
      );
      await fed.t.ctx.federation!.deliverNow();
      const sent = mo.received.slice(receivedBefore).map((r) => JSON.stringify(r.activity));
      expect(sent.filter((activity) => activity.includes(`/ap/answers/${answerId}`)).length).toBeGreaterThanOrEqual(3);

      const normalise = worldNormaliser({
        receiver: receiver.id,
        receiverName: receiver.username,
        bystander: bystander.id,
        bystanderName: bystander.username,
        first: suspects[0]!.id,
        second: suspects[1]!.id,
        firstName: suspects[0]!.username,
        secondName: suspects[1]!.username,
        answer: answerId,
        note: noteId,
      });
      const roles = new Map([
        [receiver.id, 'receiver'],
        [bystander.id, 'bystander'],
        [suspects[0]!.id, 'suspect 0'],
        [suspects[1]!.id, 'suspect 1'],
      ]);
      const queued = pushes.map((p) => `push to ${roles.get(p.user_id)}: ${normalise(JSON.stringify(p.data))}`).sort();
      seen.push([...observed.map(normalise), ...queued, ...sent.map(normalise).sort()].join('\n'));
    }
    expect(seen[0]).toContain('Who could it be?');
    expect(seen[1]).toBe(seen[0]);
  });
});
