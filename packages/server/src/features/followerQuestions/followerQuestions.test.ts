import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWER_QUESTIONS_PER_DAY } from '@askbox/common';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import { insertFollow } from '../../test/fixtures.js';
import { askMyFollowers } from './service.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

const inbox = async (user: TestUser) =>
  ((await apiAs(t.app, user).get('/api/me/inbox')).json().items as { text: string; toFollowers: boolean; sender: unknown }[]).map((q) => ({
    text: q.text,
    toFollowers: q.toFollowers,
    named: q.sender !== null,
  }));
const send = (sender: TestUser, text: string, isAnonymous = true) => apiAs(t.app, sender).post('/api/me/followers/questions', { text, isAnonymous });
/** Sent, then fanned out by the worker (which runs after the answer). */
const askFollowers = async (sender: TestUser, text: string, isAnonymous = true) => {
  const response = await send(sender, text, isAnonymous);
  await t.ctx.followerQuestions.kick();
  return response;
};
const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      ['follower_question_sends', 'questions', 'sent_questions', 'filtered_questions', 'push_notifications', 'email_outbox'].map(async (table) => [
        table,
        (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n,
      ]),
    ),
  ) as Record<string, number>;

/** A sender and `count` people following them. */
async function senderWithFollowers(count: number): Promise<{ sender: TestUser; followers: TestUser[] }> {
  const sender = await signUpUser(t.app);
  const followers: TestUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const follower = await signUpUser(t.app);
    await insertFollow(t.ctx.db, follower.id, sender.id);
    followers.push(follower);
  }
  return { sender, followers };
}

describe('ask my followers', () => {
  it("reaches every follower's inbox, marked as asked to all followers; not the sender, not people they follow", async () => {
    const { sender, followers } = await senderWithFollowers(2);
    const followed = await signUpUser(t.app);
    await insertFollow(t.ctx.db, sender.id, followed.id);
    const sent = await askFollowers(sender, 'What are you reading?');
    expect(sent.statusCode).toBe(204);
    expect(sent.body).toBe('');
    for (const follower of followers) expect(await inbox(follower)).toEqual([{ text: 'What are you reading?', toFollowers: true, named: false }]);
    expect(await inbox(sender)).toEqual([]);
    expect(await inbox(followed)).toEqual([]);
    expect(await askFollowers(sender, 'And with my name?', false).then((r) => r.statusCode)).toBe(204);
    expect((await inbox(followers[0]!))[0]).toEqual({ text: 'And with my name?', toFollowers: true, named: true });
  });

  it("applies every receiver rule per follower: the setting, pause, blocks, anonymous refused, 'Who may ask me', muted words", async () => {
    const { sender, followers } = await senderWithFollowers(7);
    const [optedOut, paused, blocking, refusing, choosy, muting, plain] = followers as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
    await apiAs(t.app, optedOut).patch('/api/me/settings', { followerQuestions: false });
    await apiAs(t.app, paused).patch('/api/me/settings', { inboxPaused: true });
    await apiAs(t.app, blocking).post(`/api/users/${sender.username}/block`);
    await apiAs(t.app, refusing).patch('/api/me/settings', { refuseAnonymousQuestions: true });
    // 'people I follow' lets in whom they follow; a new account is kept out by 'accounts older than'
    await apiAs(t.app, choosy).patch('/api/me/settings', { whoMayAsk: 'older_accounts', whoMayAskMinDays: 30 });
    await apiAs(t.app, muting).post('/api/me/muted-words', { word: 'tea' });
    expect((await askFollowers(sender, 'Tea or coffee?')).statusCode).toBe(204);
    expect(await inbox(plain)).toHaveLength(1);
    for (const follower of [optedOut, paused, blocking, refusing, choosy, muting]) expect(await inbox(follower)).toEqual([]);
    // the sender's record is the same for each follower, whatever became of the question
    const asked = (await apiAs(t.app, sender).get('/api/me/questions-asked')).json().items as { receiver: { username: string } | null }[];
    expect(asked.map((q) => q.receiver?.username).sort()).toEqual(
      followers
        .map((f) => f.username)
        .filter((u) => u !== blocking.username)
        .sort(),
    );
  });

  it(`is limited to ${FOLLOWER_QUESTIONS_PER_DAY} a day, with the usual 'try again' refusal`, async () => {
    const { sender } = await senderWithFollowers(1);
    for (let i = 0; i < FOLLOWER_QUESTIONS_PER_DAY; i += 1) expect((await askFollowers(sender, `question ${i}`)).statusCode).toBe(204);
    const refused = await askFollowers(sender, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect((await apiAs(t.app, null).post('/api/me/followers/questions', { text: 'x' })).statusCode).toBe(401);
  });

  it('answers the sender the same whatever their followers are: the request only queues one row, the worker reaches the followers after', async () => {
    const answers: string[] = [];
    for (const count of [0, 6]) {
      const { sender, followers } = await senderWithFollowers(count);
      // one of them turned the questions off, another mutes a word: the answer must not tell
      if (followers[0]) await apiAs(t.app, followers[0]).patch('/api/me/settings', { followerQuestions: false });
      if (followers[1]) await apiAs(t.app, followers[1]).post('/api/me/muted-words', { word: 'lunch' });
      // what the route does before answering: one row, the queued send; no question, record, push or email yet
      const before = await rowCounts();
      await askMyFollowers(t.ctx, sender.id, { text: 'What is for lunch?', isAnonymous: true });
      const after = await rowCounts();
      expect(Object.fromEntries(Object.entries(after).map(([table, n]) => [table, n - before[table]!]))).toEqual({
        follower_question_sends: 1,
        questions: 0,
        sent_questions: 0,
        filtered_questions: 0,
        push_notifications: 0,
        email_outbox: 0,
      });
      await t.ctx.followerQuestions.kick();
      expect((await rowCounts()).follower_question_sends).toBe(before.follower_question_sends);
      // and through HTTP, the answer is the same bytes
      const response = await send(sender, 'What is for lunch?');
      const { date: _date, ...headers } = response.headers;
      answers.push(JSON.stringify([response.statusCode, headers, response.body]));
      await t.ctx.followerQuestions.kick();
      for (const follower of followers.slice(2))
        expect(await inbox(follower)).toEqual(Array(2).fill({ text: 'What is for lunch?', toFollowers: true, named: false }));
      for (const follower of followers.slice(0, 2)) expect(await inbox(follower)).toEqual([]);
    }
    expect(answers[1]).toBe(answers[0]);
  });
});
