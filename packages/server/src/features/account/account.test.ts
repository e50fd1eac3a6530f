import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { accountExportSchema, en } from '@askbox/common';
import { questions, sentQuestions, users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/** The inbox control settings as a new account has them. */
const INBOX_CONTROL_DEFAULTS = { inboxPaused: false, inboxPausedUntil: null, whoMayAsk: 'everyone', whoMayAskMinDays: 7 };
import { insertSubscription } from '../../test/notificationFixtures.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-account-'));
  t = await createTestApp({
    dataDir,
    rateLimits: { loginPerAccountPer15Min: 1000, signupPerHour: 1000, loginPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 100 },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous: boolean) => {
  const res = await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous });
  expect(res.statusCode).toBe(201);
  const [row] = await t.ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.text, text));
  return row!.id;
};
const answer = async (as: TestUser, questionId: string, text: string) =>
  expect((await apiAs(t.app, as).post(`/api/questions/${questionId}/answer`, { answer: text })).statusCode).toBe(204);

function uploadBody(bytes: Buffer) {
  const boundary = '----askboxaccount' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const picture = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
const mediaFiles = (userId: string) => {
  const dir = path.join(dataDir, 'media', 'users', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/**
 * Every row, in every table of the database, whose text or JSON holds one of `needles` (the id,
 * email or username of a user): found from the catalog, so a table added later is searched too.
 */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.ctx.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const [row] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(${needle} in ${sql.identifier(column_name)}::text) > 0`,
      );
      if (row!.n > 0) found.push(`${table_name}.${column_name} holds ${needle} (${row!.n})`);
    }
  }
  return found;
}

describe('export my data', () => {
  it('holds my Filtered folder as received questions marked filtered, an anonymous sender never named', async () => {
    const me = await signUpUser(t.app);
    const [friend, secret] = [await signUpUser(t.app, { fullname: 'Friend Two' }), await signUpUser(t.app, { fullname: 'Hidden Filtered Asker' })];
    await apiAs(t.app, me).patch('/api/me/settings', { keepFilteredQuestions: true });
    await apiAs(t.app, me).post('/api/me/muted-words', { word: 'durian' });
    // kept out of the inbox: their ids are the asker's response's
    const keep = async (from: TestUser, text: string, isAnonymous: boolean) =>
      (await apiAs(t.app, from).post(`/api/users/${me.username}/questions`, { text, isAnonymous })).json().id as string;
    const anonymous = await keep(secret, 'export: a durian, anonymously', true);
    const named = await keep(friend, 'export: a durian, named', false);
    const plain = await ask(friend, me, 'export: a plain question', false);
    const res = await apiAs(t.app, me).get('/api/me/export');
    const data = accountExportSchema.parse(res.json());
    expect(data.questionsReceived.map((q) => q.id)).toEqual([plain]);
    expect(data.questionsFiltered).toEqual([
      {
        id: anonymous,
        from: null,
        text: 'export: a durian, anonymously',
        isAnonymous: true,
        isGlobal: false,
        createdAt: expect.any(String),
        answer: null,
        answeredAt: null,
        filtered: true,
      },
      {
        id: named,
        from: { username: friend.username, fullname: 'Friend Two' },
        text: 'export: a durian, named',
        isAnonymous: false,
        isGlobal: false,
        createdAt: expect.any(String),
        answer: null,
        answeredAt: null,
        filtered: true,
      },
    ]);
    for (const trace of [secret.id, secret.username, secret.fullname, secret.email]) expect(res.body).not.toContain(trace);
  });

  it('holds my profile, settings, questions asked (anonymous ones too), received, answers, likes, follows and blocks', async () => {
    const me = await signUpUser(t.app, { fullname: 'Ada Export' });
    const friend = await signUpUser(t.app, { fullname: 'Friend One' });
    const secret = await signUpUser(t.app, { fullname: 'Secret Asker' });
    const blocked = await signUpUser(t.app, { fullname: 'Blocked Person' });
    const as = apiAs(t.app, me);
    await as.patch('/api/me/settings', { emailNotifications: 'digest', locale: 'fr' });
    await as.patch('/api/me/profile', { fullname: 'Ada Export', bio: 'my bio', website: 'https://ada.example' });

    const askedAnon = await ask(me, friend, 'export: my anonymous question', true);
    const askedNamed = await ask(me, friend, 'export: my named question', false);
    await answer(friend, askedAnon, 'answer to my anonymous one');
    const fromSecret = await ask(secret, me, 'export: an anonymous question for me', true);
    const fromFriend = await ask(friend, me, 'export: a named question for me', false);
    await answer(me, fromSecret, 'my answer to the secret');
    await apiAs(t.app, friend).post(`/api/answers/${askedAnon}/like`);
    expect((await as.post(`/api/answers/${askedAnon}/like`)).statusCode).toBe(200);
    // a reply under the friend's answer, hidden by them for a muted word: the export does not say so
    await apiAs(t.app, friend).patch('/api/me/settings', { repliesEnabled: true });
    await apiAs(t.app, friend).post('/api/me/muted-words', { word: 'sushi' });
    expect((await as.post(`/api/answers/${askedAnon}/replies`, { text: 'Thanks! Sushi later?' })).statusCode).toBe(201);
    await as.post(`/api/users/${friend.username}/follow`);
    await apiAs(t.app, friend).post(`/api/users/${me.username}/follow`);
    await as.post(`/api/users/${blocked.username}/block`);
    await as.post('/api/me/muted-words', { word: 'Spoiler' });
    const fromSecretAgain = await ask(secret, me, 'export: blocked asker', true);
    await as.post(`/api/questions/${fromSecretAgain}/block-asker`);
    expect((await as.post('/api/reports', { kind: 'answer', target: askedAnon, reason: 'spam' })).statusCode).toBeLessThan(300);
    expect((await as.post('/api/reports', { kind: 'profile', target: blocked.username, reason: 'other', details: 'impersonation' })).statusCode).toBeLessThan(
      300,
    );

    const res = await as.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="askbox-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers['cache-control']).toBe('no-store');
    const data = accountExportSchema.parse(res.json());

    expect(data.profile).toMatchObject({
      id: me.id,
      email: me.email,
      username: me.username,
      fullname: 'Ada Export',
      bio: 'my bio',
      website: 'https://ada.example',
    });
    expect(data.settings).toEqual({
      locale: 'fr',
      theme: 'system',
      emailNotifications: 'digest',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      questionAsContentWarning: true,
      visitorQuestions: false,
      keepFilteredQuestions: false,
      followerQuestions: true,
      repliesEnabled: false,
      whoMayReply: 'everyone',
      ...INBOX_CONTROL_DEFAULTS,
    });
    expect(data.questionsAsked.map((q) => [q.id, q.isAnonymous, q.to?.username, q.answer])).toEqual([
      [askedAnon, true, friend.username, 'answer to my anonymous one'],
      [askedNamed, false, friend.username, null],
    ]);
    expect(data.questionsReceived.map((q) => [q.id, q.from?.username ?? null, q.answer])).toEqual([
      [fromSecret, null, 'my answer to the secret'],
      [fromFriend, friend.username, null],
    ]);
    expect(data.likes).toEqual([{ questionId: askedAnon, answeredBy: { username: friend.username, fullname: friend.fullname }, likedAt: expect.any(String) }]);
    expect(data.replies).toEqual([
      {
        answerId: askedAnon,
        answeredBy: { username: friend.username, fullname: friend.fullname },
        text: 'Thanks! Sushi later?',
        repliedAt: expect.any(String),
      },
    ]);
    expect(data.following.map((f) => f.username)).toEqual([friend.username]);
    expect(data.followers.map((f) => f.username)).toEqual([friend.username]);
    expect(data.blocked.map((b) => b.username)).toEqual([blocked.username]);
    expect(data.blockedAnonymousAskers).toEqual([{ questionText: 'export: blocked asker', questionCreatedAt: expect.any(String), since: expect.any(String) }]);
    expect(data.mutedWords).toEqual([{ word: 'spoiler', since: expect.any(String) }]);
    expect(data.reportsFiled).toEqual([
      { kind: 'answer', target: askedAnon, reason: 'spam', details: '', reportedAt: expect.any(String), resolved: false },
      { kind: 'profile', target: blocked.username, reason: 'other', details: 'impersonation', reportedAt: expect.any(String), resolved: false },
    ]);

    // the anonymous asker is nowhere in the receiver's export: not their id, name, handle or email
    const text = res.body;
    for (const trace of [secret.id, secret.username, secret.fullname, secret.email]) expect(text).not.toContain(trace);
    // and nobody's email but mine
    for (const other of [friend, blocked]) expect(text).not.toContain(other.email);
  });

  it('keeps every question I asked whatever its receiver does with it, shows its answer, and lets it go with my account (decision 205)', async () => {
    const asker = await signUpUser(t.app, { password: 'asker password' });
    const receiver = await signUpUser(t.app, { password: 'receiver password' });
    const answered = await ask(asker, receiver, 'kept: answered', true);
    const deleted = await ask(asker, receiver, 'kept: deleted by the receiver', false);
    const waiting = await ask(asker, receiver, 'kept: still waiting', true);
    await answer(receiver, answered, 'here is my answer');
    expect((await apiAs(t.app, receiver).delete(`/api/questions/${deleted}`)).statusCode).toBe(204);
    const asked = async () => accountExportSchema.parse((await apiAs(t.app, asker).get('/api/me/export')).json()).questionsAsked;
    const entry = (id: string, text: string, isAnonymous: boolean, to: { username: string; fullname: string } | null, answerText: string | null = null) => ({
      id,
      to,
      text,
      isAnonymous,
      createdAt: expect.any(String),
      answer: answerText,
      answeredAt: answerText ? expect.any(String) : null,
    });
    const to = { username: receiver.username, fullname: receiver.fullname };
    expect(await asked()).toEqual([
      entry(answered, 'kept: answered', true, to, 'here is my answer'),
      entry(deleted, 'kept: deleted by the receiver', false, to),
      entry(waiting, 'kept: still waiting', true, to),
    ]);

    // the receiver leaves: the record stays, naming no one (the answer went with their account)
    const leaving = (user: TestUser, password: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: user.cookie }, payload: { password } });
    expect((await leaving(receiver, 'receiver password')).statusCode).toBe(204);
    expect(await asked()).toEqual([
      entry(answered, 'kept: answered', true, null),
      entry(deleted, 'kept: deleted by the receiver', false, null),
      entry(waiting, 'kept: still waiting', true, null),
    ]);

    // the asker leaves: the record goes with them
    expect((await leaving(asker, 'asker password')).statusCode).toBe(204);
    expect(
      await t.ctx.db
        .select()
        .from(sentQuestions)
        .where(sql`${sentQuestions.id} in (${answered}, ${deleted}, ${waiting})`),
    ).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await apiAs(t.app, null).get('/api/me/export')).statusCode).toBe(401);
  });
});

describe('delete my account', () => {
  it('needs the password', async () => {
    const user = await signUpUser(t.app, { password: 'my own password' });
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: user.cookie }, payload: { password: 'not my own password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'wrong_password', message: en.errors.wrong_password });
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: user.cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', payload: { password: 'my own password' } })).statusCode).toBe(401);
    expect(await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('leaves no row of the user anywhere, deletes their files, and keeps what they sent to others as anonymous questions', async () => {
    const leaver = await signUpUser(t.app, { password: 'leaving password', fullname: 'Lea Leaver' });
    const friend = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const as = apiAs(t.app, leaver);

    // pictures, settings, a device, follows and blocks both ways
    for (const kind of ['avatar', 'cover']) {
      const body = uploadBody(await picture());
      const res = await t.app.inject({ method: 'POST', url: `/api/me/${kind}`, payload: body.payload, headers: { ...body.headers, cookie: leaver.cookie } });
      expect(res.statusCode).toBe(200);
    }
    expect(mediaFiles(leaver.id).length).toBeGreaterThan(0);
    await as.patch('/api/me/settings', { emailNotifications: 'each', publicProfile: true });
    await insertSubscription(t.ctx.db, leaver.id);
    await insertSubscription(t.ctx.db, friend.id);
    await as.post(`/api/users/${friend.username}/follow`);
    await apiAs(t.app, friend).post(`/api/users/${leaver.username}/follow`);
    await as.post(`/api/users/${other.username}/block`);
    await apiAs(t.app, other).post(`/api/users/${leaver.username}/block`);

    // questions both ways, answers, likes both ways; a question to oneself
    const anonToFriend = await ask(leaver, friend, 'delete: anonymous from the leaver', true);
    const namedToFriend = await ask(leaver, friend, 'delete: named from the leaver', false);
    const answeredByFriend = await ask(leaver, friend, 'delete: answered by the friend', true);
    await answer(friend, answeredByFriend, 'the friend answers');
    const toLeaver = await ask(friend, leaver, 'delete: to the leaver', false);
    await answer(leaver, toLeaver, 'the leaver answers');
    await ask(leaver, leaver, 'delete: to myself', false);
    await apiAs(t.app, friend).post(`/api/answers/${toLeaver}/like`);
    await as.post(`/api/answers/${answeredByFriend}/like`);
    // a reset link and another session
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: leaver.email } });
    await t.ctx.email.runBatch();
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: leaver.email, password: 'leaving password' } });

    // the search sees the account's traces before (so an empty result after means something)
    const before = await rowsMentioning([leaver.id, crypto.createHash('sha256').update(leaver.email).digest('hex')]);
    for (const table of [
      'users',
      'sessions',
      'follows',
      'blocks',
      'likes',
      'questions',
      'sent_questions',
      'push_subscriptions',
      'password_reset_tokens',
      'rate_limits',
    ])
      expect(before.some((hit) => hit.startsWith(`${table}.`))).toBe(true);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie }, payload: { password: 'leaving password' } });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'askbox_session')?.value).toBe('');

    // rate-limit counters are keyed by the id or by a hash of the address (log-in, reset requests)
    const addressHash = crypto.createHash('sha256').update(leaver.email).digest('hex');
    expect(await rowsMentioning([leaver.id, leaver.email, leaver.username, leaver.fullname, addressHash])).toEqual([]);
    expect(mediaFiles(leaver.id)).toEqual([]);
    // not even an empty folder named after the account
    expect(fs.existsSync(path.join(dataDir, 'media', 'users', leaver.id))).toBe(false);

    // what the leaver sent stays in the friend's inbox and profile, anonymous, linked to no one
    const kept = await t.ctx.db
      .select()
      .from(questions)
      .where(sql`${questions.id} in (${anonToFriend}, ${namedToFriend}, ${answeredByFriend})`);
    expect(kept).toHaveLength(3);
    for (const q of kept) expect({ senderId: q.senderId, isAnonymous: q.isAnonymous }).toEqual({ senderId: null, isAnonymous: true });
    const inbox = (await apiAs(t.app, friend).get('/api/me/inbox')).json().items as { id: string }[];
    expect(inbox.map((q) => q.id).sort()).toEqual([anonToFriend, namedToFriend].sort());
    const friendAnswers = (await apiAs(t.app, friend).get(`/api/users/${friend.username}/answers`)).json().items as { id: string }[];
    expect(friendAnswers.map((a) => a.id)).toEqual([answeredByFriend]);
    // counters move with it: the leaver no longer follows or likes
    const profile = (await apiAs(t.app, friend).get(`/api/users/${friend.username}`)).json();
    expect(profile.counts).toEqual({ answers: 1, followings: 0, followers: 0, likes: 0 });

    // the session is gone, and the address and the name are free again
    expect((await as.get('/api/me')).json().user).toBeNull();
    await signUpUser(t.app, { email: leaver.email, username: leaver.username });
  });

  it('takes along its named questions a block hides, so they do not come back as anonymous ones', async () => {
    const leaver = await signUpUser(t.app, { password: 'leaving password' });
    const receiver = await signUpUser(t.app);
    const hidden = await ask(leaver, receiver, 'leaving: named, then blocked', false);
    const anonymous = await ask(leaver, receiver, 'leaving: anonymous, stays', true);
    await apiAs(t.app, receiver).post(`/api/users/${leaver.username}/block`);
    const seen = async () => ({
      inbox: ((await apiAs(t.app, receiver).get('/api/me/inbox')).json().items as { id: string }[]).map((q) => q.id),
      badge: (await apiAs(t.app, receiver).get('/api/me/counters')).json().unansweredQuestions as number,
    });
    const before = await seen();
    expect(before).toEqual({ inbox: [anonymous], badge: 1 });

    const res = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie }, payload: { password: 'leaving password' } });
    expect(res.statusCode).toBe(204);
    // the receiver sees exactly what they saw: nothing reappears, nothing they saw goes
    expect(await seen()).toEqual(before);
    expect(await t.ctx.db.select().from(questions).where(eq(questions.id, hidden))).toEqual([]);
  });
});
