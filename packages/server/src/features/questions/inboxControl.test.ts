import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@askbox/common';
import { movableClock } from '../../clock.js';
import { questions, sentQuestions, users } from '../../db/schema/index.js';
import { insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** Pausing the inbox and 'Who may ask me': refusals the asker is told, the same for everyone a rule refuses. */

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 } },
    { clock },
  );
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ask = (from: TestUser, to: TestUser, text: string, isAnonymous = true) =>
  apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous });
const inboxTexts = async (user: TestUser) => (await apiAs(t.app, user).get('/api/me/inbox')).json().items.map((q: { text: string }) => q.text);
const writtenTo = async (user: TestUser) => (await t.ctx.db.select().from(questions).where(eq(questions.receiverId, user.id))).length;

describe('a paused inbox', () => {
  it('refuses every asker with the same answer (yourself, the blocked and the anonymous included) and writes nothing', async () => {
    const [receiver, named, blocked] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await apiAs(t.app, receiver).post(`/api/users/${blocked.username}/block`);
    const paused = await apiAs(t.app, receiver).patch('/api/me/settings', { inboxPaused: true });
    expect(paused.json()).toMatchObject({ inboxPaused: true, inboxPausedUntil: null });

    const answers = [
      await ask(named, receiver, 'named?', false),
      await ask(named, receiver, 'anonymous?'),
      await ask(blocked, receiver, 'blocked?'),
      await ask(receiver, receiver, 'me?'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json().error).toEqual({ code: 'inbox_paused', message: en.errors.inbox_paused });
    expect(await writtenTo(receiver)).toBe(0);
    // a refusal is not a question sent: the asker's own record has nothing either
    expect(await t.ctx.db.select().from(sentQuestions).where(eq(sentQuestions.receiverId, receiver.id))).toEqual([]);

    // resuming opens it again and forgets any end time
    expect((await apiAs(t.app, receiver).patch('/api/me/settings', { inboxPaused: false })).json()).toMatchObject({
      inboxPaused: false,
      inboxPausedUntil: null,
    });
    expect((await ask(named, receiver, 'open again?')).statusCode).toBe(201);
    expect(await inboxTexts(receiver)).toEqual(['open again?']);
  });

  it('opens again by itself at its end time', async () => {
    const [receiver, asker] = [await signUpUser(t.app), await signUpUser(t.app)];
    const until = new Date(clock.now().getTime() + DAY).toISOString();
    expect((await apiAs(t.app, receiver).patch('/api/me/settings', { inboxPaused: true, inboxPausedUntil: until })).json()).toMatchObject({
      inboxPaused: true,
      inboxPausedUntil: until,
    });
    expect((await ask(asker, receiver, 'too early?')).json().error.code).toBe('inbox_paused');
    clock.advance(DAY + 1000);
    expect((await ask(asker, receiver, 'later?')).statusCode).toBe(201);
    expect(await inboxTexts(receiver)).toEqual(['later?']);
    clock.set(new Date());
  });

  it("is not addressed the admin's global question, which a paused inbox refuses like any", async () => {
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const [paused, open] = [await signUpUser(t.app), await signUpUser(t.app)];
    const total = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.inboxPaused, false))).length;
    await apiAs(t.app, paused).patch('/api/me/settings', { inboxPaused: true });
    const sent = await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Any plans?' });
    expect(sent.json().count).toBe(total - 1);
    expect(await inboxTexts(paused)).toEqual([]);
    expect(await inboxTexts(open)).toEqual(['Any plans?']);
  });

  it('refuses an end time that is not a time', async () => {
    const me = await signUpUser(t.app);
    expect((await apiAs(t.app, me).patch('/api/me/settings', { inboxPaused: true, inboxPausedUntil: 'tomorrow' })).statusCode).toBe(400);
    expect((await apiAs(t.app, me).get('/api/me/settings')).json()).toMatchObject({ inboxPaused: false });
  });
});

describe('who may ask me', () => {
  it('people I follow: those I follow may ask, named or not; everyone else gets one refusal, named or anonymous', async () => {
    const [receiver, followed, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, receiver.id, followed.id);
    // following the receiver is not what counts
    await insertFollow(t.ctx.db, other.id, receiver.id);
    expect((await apiAs(t.app, receiver).patch('/api/me/settings', { whoMayAsk: 'following' })).json()).toMatchObject({ whoMayAsk: 'following' });

    expect((await ask(followed, receiver, 'anonymous from a followed')).statusCode).toBe(201);
    expect((await ask(followed, receiver, 'named from a followed', false)).statusCode).toBe(201);
    const refusals = [await ask(other, receiver, 'anonymous from another'), await ask(other, receiver, 'named from another', false)];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe(refusals[0]!.body);
    }
    expect(refusals[0]!.json().error).toEqual({ code: 'asker_not_allowed', message: en.errors.asker_not_allowed });
    expect(await inboxTexts(receiver)).toEqual(['named from a followed', 'anonymous from a followed']);
    // asking yourself is never refused by it
    expect((await ask(receiver, receiver, 'a note to self', false)).statusCode).toBe(201);
  });

  it('accounts older than N days: the same refusal as the other rule, for every account too young', async () => {
    const [receiver, veteran, newcomer, yesterday] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const now = clock.now().getTime();
    await t.ctx.db
      .update(users)
      .set({ createdAt: new Date(now - 31 * DAY) })
      .where(eq(users.id, veteran.id));
    await t.ctx.db
      .update(users)
      .set({ createdAt: new Date(now - DAY) })
      .where(eq(users.id, yesterday.id));
    expect((await apiAs(t.app, receiver).patch('/api/me/settings', { whoMayAsk: 'older_accounts', whoMayAskMinDays: 30 })).json()).toMatchObject({
      whoMayAsk: 'older_accounts',
      whoMayAskMinDays: 30,
    });
    expect((await ask(veteran, receiver, 'from an old account')).statusCode).toBe(201);
    const refusals = [await ask(newcomer, receiver, 'brand new'), await ask(yesterday, receiver, 'one day old', false)];
    for (const res of refusals) expect(res.body).toBe(refusals[0]!.body);
    expect(refusals[0]!.json().error.code).toBe('asker_not_allowed');
    expect(await inboxTexts(receiver)).toEqual(['from an old account']);

    // with one day, yesterday's account may ask
    await apiAs(t.app, receiver).patch('/api/me/settings', { whoMayAskMinDays: 1 });
    expect((await ask(yesterday, receiver, 'one day old, again')).statusCode).toBe(201);
  });

  it('comes after a paused inbox, a block and refusing anonymous questions, which say what they always say', async () => {
    const [receiver, stranger] = [await signUpUser(t.app), await signUpUser(t.app)];
    await apiAs(t.app, receiver).patch('/api/me/settings', { whoMayAsk: 'following', refuseAnonymousQuestions: true });
    expect((await ask(stranger, receiver, 'anonymous?')).json().error.code).toBe('anonymous_refused');
    expect((await ask(stranger, receiver, 'named?', false)).json().error.code).toBe('asker_not_allowed');
    await apiAs(t.app, stranger).post(`/api/users/${receiver.username}/block`);
    expect((await ask(stranger, receiver, 'named?', false)).json().error.code).toBe('cannot_send_questions');
    await apiAs(t.app, receiver).patch('/api/me/settings', { inboxPaused: true });
    expect((await ask(stranger, receiver, 'named?', false)).json().error.code).toBe('inbox_paused');
  });

  it('takes 1 to 365 days and one of its three choices', async () => {
    const as = apiAs(t.app, await signUpUser(t.app));
    for (const body of [{ whoMayAskMinDays: 0 }, { whoMayAskMinDays: 366 }, { whoMayAskMinDays: 1.5 }, { whoMayAsk: 'friends' }]) {
      expect((await as.patch('/api/me/settings', body)).statusCode).toBe(400);
    }
    expect((await as.patch('/api/me/settings', { whoMayAskMinDays: 365 })).json()).toMatchObject({ whoMayAskMinDays: 365 });
  });
});
