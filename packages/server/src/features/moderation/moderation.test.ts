import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, type ModerationQueue } from '@askbox/common';
import { questions, reports, sessions, users } from '../../db/schema/index.js';
import { insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { isPublicProfile, publicUserByUsername } from '../visibility/index.js';
import { runCommand } from '../../cli/commands.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { username: 'mod_boss' });
  await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous: boolean) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).json().id as string;
const answer = (by: TestUser, id: string, text: string) => apiAs(t.app, by).post(`/api/questions/${id}/answer`, { answer: text });
const report = (by: TestUser | null, body: unknown) => apiAs(t.app, by).post('/api/reports', body);
const queue = async () => (await apiAs(t.app, admin).get('/api/admin/reports')).json() as ModerationQueue;
const resolve = (id: string, action: string, by: TestUser = admin) => apiAs(t.app, by).post(`/api/admin/reports/${id}/resolve`, { action });
const reportIdOf = async (reporter: TestUser, targetId: string) =>
  (await t.ctx.db.select().from(reports).where(eq(reports.reporterId, reporter.id))).find((r) => r.targetId === targetId)!.id;
const clearReports = () => t.ctx.db.delete(reports);

describe('POST /api/reports', () => {
  it('refuses signed-out callers', async () => {
    expect((await report(null, { kind: 'profile', target: 'mod_boss', reason: 'spam' })).statusCode).toBe(401);
  });

  it.each([
    [{ kind: 'profile', target: 'x' }, en.errors.report_reason_required],
    [{ kind: 'profile', target: 'x', reason: 'boring' }, en.errors.report_reason_required],
    [{ kind: 'profile', target: 'x', reason: 'other' }, en.errors.report_details_required],
    [{ kind: 'profile', target: 'x', reason: 'other', details: '   ' }, en.errors.report_details_required],
    [{ kind: 'profile', target: 'x', reason: 'spam', details: 'y'.repeat(501) }, 'Details must be at most 500 characters'],
    [{ kind: 'post', target: 'x', reason: 'spam' }, en.errors.report_target_required],
    [{ kind: 'profile', target: '', reason: 'spam' }, en.errors.report_target_required],
    [{ kind: 'profile', reason: 'spam' }, en.errors.report_target_required],
  ])('refuses %j with 400 and a clear message, writing nothing', async (body, message) => {
    const user = await signUpUser(t.app);
    const res = await report(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await t.ctx.db.select().from(reports).where(eq(reports.reporterId, user.id))).toHaveLength(0);
  });

  it('reports a profile, an answer and a question in one’s inbox; a second report of the same item changes nothing', async () => {
    const [me, other] = [await signUpUser(t.app), await signUpUser(t.app)];
    const q = await ask(other, me, 'rude question', false);
    const a = await ask(me, other, 'hi?', true);
    await answer(other, a, 'rude answer');
    for (const body of [
      { kind: 'profile', target: other.username.toUpperCase(), reason: 'spam' },
      { kind: 'answer', target: a, reason: 'hate' },
      { kind: 'question', target: q, reason: 'other', details: '  insulting  ' },
    ]) {
      const first = await report(me, body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ reported: true, alreadyReported: false });
      expect((await report(me, body)).json()).toEqual({ reported: true, alreadyReported: true });
    }
    const rows = await t.ctx.db.select().from(reports).where(eq(reports.reporterId, me.id));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.targetKind === 'question')).toMatchObject({ details: 'insulting', accountId: other.id });
    expect(rows.find((r) => r.targetKind === 'profile')).toMatchObject({ targetId: other.id, accountId: other.id });
    await clearReports();
  });

  it('refuses questions of someone else’s inbox, one’s own content, and unknown items', async () => {
    const [me, other, third] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const theirs = await ask(third, other, 'not yours', true);
    const notMine = await report(me, { kind: 'question', target: theirs, reason: 'spam' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(en.errors.only_inbox_questions);
    const mine = await ask(other, me, 'to me', false);
    await answer(me, mine, 'my answer');
    expect((await report(me, { kind: 'answer', target: mine, reason: 'spam' })).json().error.message).toBe(en.errors.self_report);
    expect((await report(me, { kind: 'profile', target: me.username, reason: 'spam' })).json().error.message).toBe(en.errors.self_report);
    const unanswered = await ask(me, other, 'not answered yet', false);
    expect((await report(third, { kind: 'answer', target: unanswered, reason: 'spam' })).statusCode).toBe(404);
    // an unknown question answers exactly as someone else's (a dropped question's id is one of those)
    const unknown = await report(me, { kind: 'question', target: 'nope', reason: 'spam' });
    expect([unknown.statusCode, unknown.body]).toEqual([notMine.statusCode, notMine.body]);
    expect((await report(me, { kind: 'profile', target: 'nobody_here', reason: 'spam' })).statusCode).toBe(404);
  });

  it('is rate-limited per reporter (a repeated report does not count)', async () => {
    const limited = await createTestApp({ reportsPerHour: 2 });
    try {
      const [me, a, b, c] = [await signUpUser(limited.app), await signUpUser(limited.app), await signUpUser(limited.app), await signUpUser(limited.app)];
      const send = (u: TestUser) => apiAs(limited.app, me).post('/api/reports', { kind: 'profile', target: u.username, reason: 'spam' });
      expect((await send(a)).statusCode).toBe(200);
      expect((await send(a)).statusCode).toBe(200);
      expect((await send(b)).statusCode).toBe(200);
      const refused = await send(c);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(en.errors.too_many_reports);
    } finally {
      await limited.close();
    }
  });
});

describe('the moderation queue', () => {
  it('is for admins only', async () => {
    const user = await signUpUser(t.app);
    expect((await apiAs(t.app, null).get('/api/admin/reports')).statusCode).toBe(401);
    expect((await apiAs(t.app, user).get('/api/admin/reports')).statusCode).toBe(403);
    expect((await apiAs(t.app, user).post('/api/admin/reports/x/resolve', { action: 'nope' })).statusCode).toBe(403);
    expect((await apiAs(t.app, user).get('/api/admin/suspended')).statusCode).toBe(403);
    expect((await apiAs(t.app, user).post(`/api/admin/users/${user.username}/suspend`)).statusCode).toBe(403);
  });

  it('lists open reports oldest first with the content and reason; an anonymous question shows no sender', async () => {
    const [me, named, anon] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const a = await ask(me, named, 'q for answer', true);
    await answer(named, a, 'bad answer');
    const qNamed = await ask(named, me, 'named rude', false);
    const qAnon = await ask(anon, me, 'anonymous rude', true);
    await report(me, { kind: 'answer', target: a, reason: 'harassment' });
    await report(me, { kind: 'question', target: qNamed, reason: 'spam' });
    await report(me, { kind: 'question', target: qAnon, reason: 'other', details: 'threats' });
    const { items, nextCursor } = await queue();
    expect(nextCursor).toBeNull();
    expect(items.map((r) => r.content.question)).toEqual(['q for answer', 'named rude', 'anonymous rude']);
    expect(items[0]).toMatchObject({
      reason: 'harassment',
      reporter: { username: me.username },
      content: { kind: 'answer', exists: true, answer: 'bad answer', isAnonymous: true, sender: null, owner: { username: named.username } },
      account: { username: named.username, suspended: false },
    });
    expect(items[1]).toMatchObject({ content: { sender: { username: named.username }, isAnonymous: false }, account: { username: named.username } });
    expect(items[2]).toMatchObject({ details: 'threats', content: { isAnonymous: true, sender: null, owner: { username: me.username } }, account: null });
    expect(JSON.stringify(items[2])).not.toContain(anon.id);
    await clearReports();
  });

  it('pages 20 at a time, oldest first, every report once', async () => {
    const target = await signUpUser(t.app);
    const reporters = await Promise.all(Array.from({ length: 23 }, () => signUpUser(t.app)));
    for (const r of reporters) await report(r, { kind: 'profile', target: target.username, reason: 'spam' });
    const first = (await apiAs(t.app, admin).get('/api/admin/reports')).json() as ModerationQueue;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.sameItemOpen).toBe(22);
    const second = (await apiAs(t.app, admin).get(`/api/admin/reports?cursor=${first.nextCursor}`)).json() as ModerationQueue;
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((r) => r.reporter!.id);
    expect(ids).toEqual(reporters.map((r) => r.id));
    await clearReports();
  });
});

describe('resolving reports', () => {
  it('dismiss closes the report and the other open reports of the same item', async () => {
    const [x, y, target] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await report(x, { kind: 'profile', target: target.username, reason: 'spam' });
    await report(y, { kind: 'profile', target: target.username, reason: 'hate' });
    const res = await resolve(await reportIdOf(x, target.id), 'dismiss');
    expect(res.json()).toEqual({ resolution: 'dismissed', resolved: 2 });
    expect((await queue()).items).toHaveLength(0);
    const again = await resolve(await reportIdOf(x, target.id), 'dismiss');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(en.errors.already_resolved);
    expect((await resolve('unknown', 'dismiss')).statusCode).toBe(404);
    expect((await resolve(await reportIdOf(x, target.id), 'explode')).statusCode).toBe(400);
  });

  it('delete removes the reported answer; a profile cannot be deleted', async () => {
    const [me, owner] = [await signUpUser(t.app), await signUpUser(t.app)];
    const a = await ask(me, owner, 'q', true);
    await answer(owner, a, 'offending');
    await report(me, { kind: 'answer', target: a, reason: 'hate' });
    expect((await resolve(await reportIdOf(me, a), 'delete')).json()).toEqual({ resolution: 'content_deleted', resolved: 1 });
    expect(await t.ctx.db.select().from(questions).where(eq(questions.id, a))).toHaveLength(0);
    expect((await apiAs(t.app, me).get(`/api/users/${owner.username}/answers`)).json().items).toHaveLength(0);

    await report(me, { kind: 'profile', target: owner.username, reason: 'spam' });
    const refused = await resolve(await reportIdOf(me, owner.id), 'delete');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(en.errors.cannot_delete_profile);
    await clearReports();
  });

  it('reports of content deleted since show it gone and resolve cleanly', async () => {
    const [me, owner] = [await signUpUser(t.app), await signUpUser(t.app)];
    const ids = [];
    for (const text of ['one', 'two', 'three']) {
      const id = await ask(me, owner, text, true);
      await answer(owner, id, `answer ${text}`);
      await report(me, { kind: 'answer', target: id, reason: 'spam' });
      expect((await apiAs(t.app, owner).delete(`/api/questions/${id}`)).statusCode).toBe(204);
      ids.push(id);
    }
    const { items } = await queue();
    expect(items.map((r) => r.content)).toEqual(
      Array(3).fill({ kind: 'answer', exists: false, question: null, answer: null, isAnonymous: false, sender: null, remoteSender: null, owner: null }),
    );
    expect((await resolve(await reportIdOf(me, ids[0]!), 'dismiss')).json().resolution).toBe('dismissed');
    expect((await resolve(await reportIdOf(me, ids[1]!), 'delete')).json().resolution).toBe('content_gone');
    // the account behind a deleted answer is still known: it can be suspended
    expect((await resolve(await reportIdOf(me, ids[2]!), 'suspend')).json().resolution).toBe('account_suspended');
    expect((await queue()).items).toHaveLength(0);
    await apiAs(t.app, admin).post(`/api/admin/users/${owner.username}/restore`);
  });

  it('never suspends the sender of an anonymous question (that would point at them); deleting it works', async () => {
    const [me, anon] = [await signUpUser(t.app), await signUpUser(t.app)];
    const q = await ask(anon, me, 'anonymous abuse', true);
    await report(me, { kind: 'question', target: q, reason: 'harassment' });
    const id = await reportIdOf(me, q);
    const refused = await resolve(id, 'suspend');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(en.errors.anonymous_sender);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, anon.id)))[0]!.suspendedAt).toBeNull();
    expect((await resolve(id, 'delete')).json().resolution).toBe('content_deleted');
    expect((await apiAs(t.app, me).get('/api/me/inbox')).json().items).toHaveLength(0);
  });
});

describe('suspension', () => {
  it('ends sessions, refuses sign-in, hides answers from feeds, profiles and search; restoring brings everything back', async () => {
    const [fan, bad] = [await signUpUser(t.app), await signUpUser(t.app, { fullname: 'Suspicious Person' })];
    await insertFollow(t.ctx.db, fan.id, bad.id);
    const q = await ask(fan, bad, 'tell me', false);
    await answer(bad, q, 'nasty answer');
    const fanApi = apiAs(t.app, fan);
    expect((await fanApi.get('/api/feed')).json().items).toHaveLength(1);
    await report(fan, { kind: 'answer', target: q, reason: 'harassment' });
    await report(fan, { kind: 'profile', target: bad.username, reason: 'spam' });

    const res = await resolve(await reportIdOf(fan, q), 'suspend');
    // every open report against the account closes with it
    expect(res.json()).toEqual({ resolution: 'account_suspended', resolved: 2 });

    // sessions ended, sign-in refused with a clear message (only to someone with the password)
    expect((await apiAs(t.app, bad).get('/api/me')).json().user).toBeNull();
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, bad.id))).toHaveLength(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: bad.email, password: 'correct horse' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(en.errors.account_suspended);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: bad.email, password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);

    // gone from the feed, the profile, search and the sender's Answers tab
    expect((await fanApi.get('/api/feed')).json().items).toHaveLength(0);
    expect((await fanApi.get(`/api/users/${bad.username}`)).statusCode).toBe(404);
    expect((await fanApi.get(`/api/users/${bad.username}/answers`)).statusCode).toBe(404);
    expect((await fanApi.get(`/api/users/search?q=${encodeURIComponent('suspicious')}`)).json().items).not.toContainEqual(
      expect.objectContaining({ id: bad.id }),
    );
    expect((await fanApi.get('/api/notifications/answers')).json().items).toHaveLength(0);
    expect((await fanApi.get('/api/me/counters')).json().unreadAnswers).toBe(0);
    // and from outside Askbox
    await t.ctx.db.update(users).set({ publicProfile: true }).where(eq(users.id, bad.id));
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, bad.id));
    expect(isPublicProfile(row!)).toBe(false);
    expect(await publicUserByUsername(t.ctx.db, bad.username)).toBeNull();

    // the admin sees it in the suspended list and restores it
    expect((await apiAs(t.app, admin).get('/api/admin/suspended')).json().items).toContainEqual(expect.objectContaining({ username: bad.username }));
    expect((await apiAs(t.app, admin).post(`/api/admin/users/${bad.username}/restore`)).json()).toEqual({ suspended: false });
    expect((await fanApi.get('/api/feed')).json().items).toHaveLength(1);
    expect((await fanApi.get(`/api/users/${bad.username}/answers`)).json().items).toHaveLength(1);
    expect((await fanApi.get(`/api/users/search?q=suspicious`)).json().items).toContainEqual(expect.objectContaining({ id: bad.id }));
    expect(isPublicProfile((await t.ctx.db.select().from(users).where(eq(users.id, bad.id)))[0]!)).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: bad.email, password: 'correct horse' } });
    expect(again.statusCode).toBe(200);
  });

  it('reports about an account that deletes itself go with it; its own reports too', async () => {
    const [me, leaver] = [await signUpUser(t.app), await signUpUser(t.app)];
    await report(me, { kind: 'profile', target: leaver.username, reason: 'spam' });
    await report(leaver, { kind: 'profile', target: me.username, reason: 'spam' });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie }, payload: { password: 'correct horse' } });
    expect(res.statusCode).toBeLessThan(300);
    const left = await t.ctx.db.select().from(reports);
    expect(left.filter((r) => r.targetId === leaver.id || r.reporterId === leaver.id)).toHaveLength(0);
    await clearReports();
  });

  it('an admin cannot suspend themself; unknown users are 404', async () => {
    const res = await apiAs(t.app, admin).post(`/api/admin/users/${admin.username}/suspend`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(en.errors.self_suspend);
    expect((await apiAs(t.app, admin).post('/api/admin/users/nobody_xyz/restore')).statusCode).toBe(404);
  });

  it('the admins’ screens are told of new and resolved reports (live event to admins)', async () => {
    const seen: unknown[] = [];
    const stop = t.ctx.bus.subscribe((m) => seen.push(m));
    try {
      const [me, other] = [await signUpUser(t.app), await signUpUser(t.app)];
      await report(me, { kind: 'profile', target: other.username, reason: 'spam' });
      await resolve(await reportIdOf(me, other.id), 'dismiss');
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.filter((m) => JSON.stringify(m) === JSON.stringify({ to: { admins: true }, type: 'reports' }))).toHaveLength(2);
    } finally {
      stop();
    }
  });
});

describe('anonymity in moderation', () => {
  it('no moderation response or CLI line ever carries the sender of an anonymous question', async () => {
    const anon = await signUpUser(t.app, { username: 'hidden_asker', fullname: 'Zebulon Hiddenname', email: 'zebulon.secret@example.test' });
    const [me, other, third] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const toMe = await ask(anon, me, 'anonymous harassment', true);
    const toOther = await ask(anon, other, 'anonymous but fine', true);
    await answer(other, toOther, 'an answer to an anonymous question');
    await report(me, { kind: 'question', target: toMe, reason: 'harassment' });
    await report(third, { kind: 'answer', target: toOther, reason: 'spam' });
    await report(third, { kind: 'profile', target: other.username, reason: 'other', details: 'fake account' });

    const bodies: string[] = [];
    const admin$ = apiAs(t.app, admin);
    const keep = async (res: Promise<{ body: string }>) => bodies.push((await res).body);
    await keep(admin$.get('/api/admin/reports'));
    const cli: string[] = [];
    await runCommand(t.ctx, { out: (line) => cli.push(line) }, 'reports', []);
    const questionReport = await reportIdOf(me, toMe);
    await keep(resolve(questionReport, 'suspend'));
    await keep(resolve(questionReport, 'delete'));
    await keep(resolve(await reportIdOf(third, toOther), 'suspend'));
    await keep(admin$.get('/api/admin/suspended'));
    await keep(resolve(await reportIdOf(third, other.id), 'dismiss'));
    await keep(admin$.get('/api/admin/reports'));
    await runCommand(t.ctx, { out: (line) => cli.push(line) }, 'reports', []);

    expect(cli.join('\n')).toContain('from Anonymous');
    const everything = [...bodies, ...cli].join('\n').toLowerCase();
    for (const secret of [anon.id, anon.username, anon.fullname, anon.email, 'zebulon']) expect(everything).not.toContain(secret.toLowerCase());
    // the asker was never suspended by any of it
    expect((await t.ctx.db.select().from(users).where(eq(users.id, anon.id)))[0]!.suspendedAt).toBeNull();
    await admin$.post(`/api/admin/users/${other.username}/restore`);
  });
});

describe('CLI', () => {
  it('lists open reports, suspends and restores', async () => {
    const [me, target] = [await signUpUser(t.app), await signUpUser(t.app)];
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line) };
    await clearReports();
    await runCommand(t.ctx, io, 'reports', []);
    expect(lines.pop()).toBe('No open reports.');
    await report(me, { kind: 'profile', target: target.username, reason: 'hate' });
    await runCommand(t.ctx, io, 'reports', []);
    expect(lines.join('\n')).toContain(`hate · by @${me.username} · profile @${target.username}`);
    expect(lines.pop()).toBe('1 open report.');

    await runCommand(t.ctx, io, 'suspend', [`@${target.username}`]);
    expect(lines.pop()).toContain('is suspended');
    expect((await apiAs(t.app, target).get('/api/me')).json().user).toBeNull();
    expect((await apiAs(t.app, me).get(`/api/users/${target.username}`)).statusCode).toBe(404);
    await runCommand(t.ctx, io, 'suspend', [target.username]);
    expect(lines.pop()).toContain('already suspended');
    await runCommand(t.ctx, io, 'restore', [target.username]);
    expect(lines.pop()).toContain('is restored');
    expect((await apiAs(t.app, me).get(`/api/users/${target.username}`)).statusCode).toBe(200);
    await expect(runCommand(t.ctx, io, 'suspend', ['nobody_like_this'])).rejects.toThrow('No user named "nobody_like_this".');
    await expect(runCommand(t.ctx, io, 'restore', [])).rejects.toThrow('Missing <username>');
    await clearReports();
  });
});
