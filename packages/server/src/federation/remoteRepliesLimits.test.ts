import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testConfig } from '../config.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { apiAs, signUpUser } from '../test/harness.js';
import { startFederatedApp, type FederatedApp } from '../test/federatedApp.js';

/**
 * Replies from the fediverse count against their own budgets (decision 370): per remote account
 * `QUESTION_RATE_LIMIT`, per remote server `FEDERATION_QUESTIONS_PER_SERVER`, apart from questions.
 * Past them a reply is dropped with the same 202.
 */
let fed: FederatedApp;
beforeAll(async () => {
  fed = await startFederatedApp({ rateLimits: { ...testConfig().rateLimits, questionsPer10Min: 2 }, remoteQuestionsPerServerPer10Min: 3 });
});
afterAll(async () => {
  await fed?.close();
});

const AS = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = `${AS}#Public`;

async function peer(): Promise<HandBuiltPeer> {
  const started = await startHandBuiltPeer({ afterSend: () => fed.t.ctx.federation!.receiveNow() });
  onTestFinished(() => started.close());
  return started;
}

/** A public post by the peer's account mentioning `actor`, replying to `inReplyTo` when given. */
function post(from: HandBuiltPeer, actor: string, text: string, inReplyTo?: string) {
  const id = `${from.actorUri}/statuses/${crypto.randomInt(1e9)}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: from.actorUri,
    inReplyTo,
    to: [PUBLIC],
    cc: [actor],
    content: `<p>${text}</p>`,
    tag: [{ type: 'Mention', href: actor }],
  };
  return { '@context': AS, id: `${id}/activity`, type: 'Create', actor: from.actorUri, to: [PUBLIC], object: note };
}

describe('replies from the fediverse against floods', () => {
  it('are kept up to the per-account and the per-server budgets, which questions do not share', async () => {
    const alice = await signUpUser(fed.t.app);
    await apiAs(fed.t.app, alice).patch('/api/me/settings', { publicProfile: true });
    const actor = `${fed.server.origin}/ap/actors/${alice.id}`;
    const id = (await apiAs(fed.t.app, alice).post(`/api/users/${alice.username}/questions`, { text: 'limits?', isAnonymous: false })).json().id as string;
    await apiAs(fed.t.app, alice).post(`/api/questions/${id}/answer`, { answer: 'Some.' });
    const answerNote = `${fed.server.origin}/ap/answers/${id}`;
    const texts = async () => ((await apiAs(fed.t.app, alice).get(`/api/answers/${id}/replies`)).json().items as { text: string }[]).map((r) => r.text);

    // one account: two a window
    const [mo, ro] = [await peer(), await peer()];
    for (const text of ['mo 1', 'mo 2', 'mo 3']) expect(await mo.send(`${actor}/inbox`, post(mo, actor, text, answerNote))).toBe(202);
    expect(await texts()).toEqual(['mo 1', 'mo 2']);
    // one server (both peers are on 127.0.0.1): three a window, whichever account
    for (const text of ['ro 1', 'ro 2']) expect(await ro.send(`${actor}/inbox`, post(ro, actor, text, answerNote))).toBe(202);
    expect(await texts()).toEqual(['mo 1', 'mo 2', 'ro 1']);
    // a question from that server still comes: replies spend budgets of their own
    expect(await ro.send(`${actor}/inbox`, post(ro, actor, 'a question, not a reply'))).toBe(202);
    expect(((await apiAs(fed.t.app, alice).get('/api/me/inbox')).json().items as { text: string }[]).map((q) => q.text)).toEqual(['a question, not a reply']);
  });
});
