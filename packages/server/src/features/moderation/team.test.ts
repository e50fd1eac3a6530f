import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, type AuditPage } from '@askbox/common';
import { movableClock } from '../../clock.js';
import { auditLog, emailOutbox, questions, reports, senderBlocks, userStats, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { runCommand } from '../../cli/commands.js';
import { endLapsedSuspensions } from './suspension.js';

const clock = movableClock(new Date());
let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await signUpUser(t.app, { username: 'team_admin' });
  moderator = await signUpUser(t.app, { username: 'team_mod' });
  await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  await t.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
});
afterAll(() => t.close());

const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous: boolean) =>
  (await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).json().id as string;
const inboxTexts = async (user: TestUser) => ((await apiAs(t.app, user).get('/api/me/inbox')).json().items as { text: string }[]).map((q) => q.text);
const reportQuestion = async (by: TestUser, id: string) => {
  expect((await apiAs(t.app, by).post('/api/reports', { kind: 'question', target: id, reason: 'spam' })).statusCode).toBe(200);
  return (await t.ctx.db.select().from(reports).where(eq(reports.targetId, id)))[0]!.id;
};
const login = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'correct horse' } });
const audit = async () => (await apiAs(t.app, admin).get('/api/admin/audit')).json() as AuditPage;

describe('roles', () => {
  it('lets a moderator handle reports and suspensions, but not change roles, read the audit log or send the global question', async () => {
    const [me, spammer] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await ask(spammer, me, 'buy now', false);
    const reportId = await reportQuestion(me, id);
    expect((await apiAs(t.app, moderator).get('/api/admin/reports')).statusCode).toBe(200);
    expect((await apiAs(t.app, moderator).get('/api/admin/suspended')).statusCode).toBe(200);
    const resolved = await apiAs(t.app, moderator).post(`/api/admin/reports/${reportId}/resolve`, { action: 'delete' });
    expect(resolved.json()).toEqual({ resolution: 'content_deleted', resolved: 1 });

    const role = await apiAs(t.app, moderator).put(`/api/admin/users/${me.username}/role`, { role: 'moderator' });
    expect(role.statusCode).toBe(403);
    expect(role.json().error.message).toBe(en.errors.admin_only);
    expect((await apiAs(t.app, moderator).get('/api/admin/audit')).statusCode).toBe(403);
    expect((await apiAs(t.app, moderator).get('/api/admin/team')).statusCode).toBe(403);
    expect((await apiAs(t.app, moderator).post('/api/admin/global-question', { text: 'hello all' })).statusCode).toBe(403);
    // a plain user is refused the moderation routes with the moderators' message
    const plain = await apiAs(t.app, me).get('/api/admin/reports');
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.message).toBe(en.errors.moderators_only);
  });

  it('lets an admin grant and take back the moderator role (never their own), and says so in /api/me', async () => {
    const user = await signUpUser(t.app);
    expect((await apiAs(t.app, admin).put(`/api/admin/users/${user.username}/role`, { role: 'moderator' })).json()).toEqual({ role: 'moderator' });
    expect((await apiAs(t.app, user).get('/api/me')).json().user).toMatchObject({ isAdmin: false, isModerator: true });
    expect((await apiAs(t.app, user).get('/api/admin/reports')).statusCode).toBe(200);
    const team = (await apiAs(t.app, admin).get('/api/admin/team')).json().items as { username: string; role: string }[];
    expect(team).toContainEqual(expect.objectContaining({ username: user.username, role: 'moderator' }));
    await apiAs(t.app, admin).put(`/api/admin/users/${user.username}/role`, { role: 'user' });
    expect((await apiAs(t.app, user).get('/api/admin/reports')).statusCode).toBe(403);
    expect((await apiAs(t.app, admin).put(`/api/admin/users/${admin.username}/role`, { role: 'user' })).json().error.message).toBe(en.errors.own_role);
    expect((await apiAs(t.app, admin).put(`/api/admin/users/${user.username}/role`, { role: 'owner' })).json().error.message).toBe(en.errors.role_invalid);
  });

  it('grants and revokes the moderator role from the command line, in the audit log as the command line', async () => {
    const user = await signUpUser(t.app);
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line) };
    await runCommand(t.ctx, io, 'grant-moderator', [user.username]);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!.role).toBe('moderator');
    await runCommand(t.ctx, io, 'revoke-moderator', [`@${user.username}`]);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!.role).toBe('user');
    expect(lines).toEqual([`@${user.username} is now a moderator.`, `@${user.username} is no longer an admin or a moderator.`]);
    const entries = (await audit()).items.filter((e) => e.target === user.username);
    expect(entries.map((e) => [e.actor, e.action, e.detail])).toEqual([
      [':cli', 'role_changed', 'moderator → user'],
      [':cli', 'role_changed', 'user → moderator'],
    ]);
  });
});

describe('suspension with a reason and an end', () => {
  it('tells the suspended person why and until when on sign-in, and ends by itself when the end passes', async () => {
    const user = await signUpUser(t.app);
    const until = new Date(clock.now().getTime() + 3600_000);
    const res = await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/suspend`, { reason: 'Spam links', until: until.toISOString() });
    expect(res.json()).toEqual({ suspended: true });
    const refused = await login(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_suspended_until',
      params: { until: `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`, reason: 'Spam links' },
    });
    // the sweep does nothing before the end
    expect(await endLapsedSuspensions(t.ctx)).toBe(0);
    clock.advance(3600_000 + 1000);
    expect(await endLapsedSuspensions(t.ctx)).toBe(1);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ suspendedAt: null, suspendedUntil: null, suspensionReason: '' });
    expect((await login(user)).statusCode).toBe(200);
    const entries = (await audit()).items.filter((e) => e.target === user.username);
    expect(entries.map((e) => [e.actor, e.action, e.reason])).toEqual([
      [':server', 'suspension_ended', ''],
      [moderator.username, 'account_suspended', 'Spam links'],
    ]);
  });

  it('lifts a lapsed suspension at sign-in even before the sweep runs', async () => {
    const user = await signUpUser(t.app);
    await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/suspend`, {
      reason: '',
      until: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    clock.advance(61_000);
    expect((await login(user)).statusCode).toBe(200);
  });

  it('says the reason alone for a suspension without an end, and refuses an end in the past', async () => {
    const user = await signUpUser(t.app);
    const past = await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/suspend`, {
      reason: 'x',
      until: new Date(clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.json().error.message).toBe(en.errors.suspension_end_invalid);
    await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/suspend`, { reason: 'Harassment' });
    expect((await login(user)).json().error.message).toBe('This account has been suspended. Reason: Harassment');
  });

  it('takes one appeal, by email and password, for the moderation team by email and in the moderation screen', async () => {
    const user = await signUpUser(t.app);
    await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/suspend`, { reason: 'Spam' });
    const appeal = (body: object) => t.app.inject({ method: 'POST', url: '/api/auth/appeal', payload: body });
    expect((await appeal({ email: user.email, password: 'wrong', text: 'please' })).json().error.message).toBe(en.errors.incorrect_login);
    expect((await appeal({ email: user.email, password: 'correct horse', text: 'It was a mistake' })).json()).toEqual({ sent: true });
    expect((await appeal({ email: user.email, password: 'correct horse', text: 'again' })).json().error.message).toBe(en.errors.already_appealed);
    const open = (await apiAs(t.app, moderator).get('/api/admin/appeals')).json().items as { user: { username: string }; text: string; reason: string }[];
    expect(open).toContainEqual(
      expect.objectContaining({ user: expect.objectContaining({ username: user.username }), text: 'It was a mistake', reason: 'Spam' }),
    );
    const mails = (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'appeal'))).map((r) => r.userId);
    expect(mails).toEqual(expect.arrayContaining([admin.id, moderator.id]));
    expect(mails).not.toContain(user.id);
    // restored, the appeal closes
    await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/restore`);
    const after = (await apiAs(t.app, moderator).get('/api/admin/appeals')).json().items as { user: { username: string } }[];
    expect(after.map((a) => a.user.username)).not.toContain(user.username);
    // someone not suspended is told so only with their password
    expect((await appeal({ email: user.email, password: 'correct horse', text: 'x' })).json().error.message).toBe(en.errors.not_suspended);
  });
});

describe("removing an account's questions from every inbox", () => {
  it('removes its named questions, answered or not, keeping counters and badges right; its anonymous ones stay', async () => {
    const [spammer, a, b, bystander] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await ask(spammer, a, 'spam named', false);
    await ask(spammer, a, 'spam anonymous', true);
    const answered = await ask(spammer, b, 'spam answered', false);
    await apiAs(t.app, b).post(`/api/questions/${answered}/answer`, { answer: 'oops' });
    await ask(bystander, a, 'a real question', true);
    expect((await t.ctx.db.select().from(userStats).where(eq(userStats.userId, b.id)))[0]!.answers).toBe(1);

    const res = await apiAs(t.app, moderator).post(`/api/admin/users/${spammer.username}/remove-questions`);
    expect(res.json()).toEqual({ removed: 2 });
    expect((await inboxTexts(a)).sort()).toEqual(['a real question', 'spam anonymous']);
    expect((await apiAs(t.app, a).get('/api/me/counters')).json()).toMatchObject({ unansweredQuestions: 2 });
    expect((await t.ctx.db.select().from(userStats).where(eq(userStats.userId, b.id)))[0]!.answers).toBe(0);
    expect((await t.ctx.db.select().from(questions).where(eq(questions.senderId, spammer.id))).map((q) => q.isAnonymous)).toEqual([true]);
    const [entry] = (await audit()).items;
    expect(entry).toMatchObject({ actor: moderator.username, action: 'questions_removed', targetKind: 'account', target: spammer.username, detail: '2' });
  });

  it('never tells a moderator who sent an anonymous question: the answer, their inbox and the queue are the same for the sender and anyone else', async () => {
    const [sender, innocent, reporter] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const id = await ask(sender, moderator, 'guess who', true);
    await reportQuestion(moderator, id);
    const before = { inbox: await inboxTexts(moderator), queue: (await apiAs(t.app, moderator).get('/api/admin/reports')).body };
    const answers: string[] = [];
    for (const suspect of [innocent, sender, reporter]) {
      const res = await apiAs(t.app, moderator).post(`/api/admin/users/${suspect.username}/remove-questions`);
      answers.push(`${res.statusCode} ${res.body}`);
      expect({ inbox: await inboxTexts(moderator), queue: (await apiAs(t.app, moderator).get('/api/admin/reports')).body }).toEqual(before);
    }
    expect(new Set(answers).size).toBe(1);
  });
});

describe('the order of roles', () => {
  it('lets nobody act on an account whose role is at or above their own, admin against admin included', async () => {
    const [otherAdmin, otherMod, user] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, otherAdmin.id));
    await t.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, otherMod.id));
    const refused = async (res: { statusCode: number; json(): { error: { code: string } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('role_outranks');
    };
    for (const [actor, target] of [
      [moderator, admin],
      [moderator, otherMod],
      [admin, otherAdmin],
    ] as const) {
      await refused(await apiAs(t.app, actor).post(`/api/admin/users/${target.username}/suspend`, { reason: 'x' }));
      await refused(await apiAs(t.app, actor).post(`/api/admin/users/${target.username}/restore`));
      await refused(await apiAs(t.app, actor).post(`/api/admin/users/${target.username}/remove-questions`));
    }
    await refused(await apiAs(t.app, admin).put(`/api/admin/users/${otherAdmin.username}/role`, { role: 'user' }));
    // from a report too: an admin's answer reported, a moderator cannot suspend its owner
    const answer = await ask(user, admin, 'q for the admin', false);
    await apiAs(t.app, admin).post(`/api/questions/${answer}/answer`, { answer: 'a' });
    expect((await apiAs(t.app, user).post('/api/reports', { kind: 'answer', target: answer, reason: 'spam' })).statusCode).toBe(200);
    const reportId = (await t.ctx.db.select().from(reports).where(eq(reports.targetId, answer)))[0]!.id;
    await refused(await apiAs(t.app, moderator).post(`/api/admin/reports/${reportId}/resolve`, { action: 'suspend', reason: 'x' }));
    // nothing happened: everyone still signs in, with the role they had
    for (const person of [admin, otherAdmin, otherMod]) expect((await login(person)).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, otherAdmin.id)))[0]!.role).toBe('admin');
    // below one's own role is allowed: an admin suspends a moderator, a moderator a user
    expect((await apiAs(t.app, admin).post(`/api/admin/users/${otherMod.username}/suspend`, { reason: 'x' })).statusCode).toBe(200);
    expect((await apiAs(t.app, moderator).post(`/api/admin/users/${user.username}/suspend`, { reason: 'x' })).statusCode).toBe(200);
  });
});

describe('blocking the sender of an anonymous question everywhere', () => {
  it('drops their later anonymous questions to anyone, quietly, and lets named ones and others through', async () => {
    const [sender, receiver, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const id = await ask(sender, receiver, 'anonymous abuse', true);
    const reportId = await reportQuestion(receiver, id);
    const res = await apiAs(t.app, moderator).post(`/api/admin/reports/${reportId}/block-sender`);
    expect(res.json()).toEqual({ blocked: true, resolved: 1 });
    expect(await inboxTexts(receiver)).toEqual([]);
    // the sender is told their questions went, as ever
    const later = await apiAs(t.app, sender).post(`/api/users/${other.username}/questions`, { text: 'more abuse', isAnonymous: true });
    expect(later.statusCode).toBe(201);
    await ask(sender, other, 'signed question', false);
    await ask(receiver, other, 'someone else', true);
    expect((await inboxTexts(other)).sort()).toEqual(['signed question', 'someone else']);
    expect((await t.ctx.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.resolution).toBe('sender_blocked');
  });

  it('never names the sender: the response, the block list and the audit entry are the same whoever sent it', async () => {
    const receiver = await signUpUser(t.app);
    const outputs: string[] = [];
    for (const sender of [await signUpUser(t.app), receiver]) {
      const id = await ask(sender, receiver, 'same words', true);
      const reportId = await reportQuestion(receiver, id);
      const res = await apiAs(t.app, moderator).post(`/api/admin/reports/${reportId}/block-sender`);
      const list = (await apiAs(t.app, moderator).get('/api/admin/sender-blocks')).json().items[0];
      const [entry] = (await audit()).items;
      outputs.push(
        JSON.stringify([res.statusCode, res.body, list.questionText, list.by, { ...entry, id: '', createdAt: '', target: entry!.target === reportId }]),
      );
      expect(JSON.stringify(entry)).not.toContain(sender.username);
      expect(JSON.stringify(entry)).not.toContain(sender.id);
    }
    expect(outputs[0]).toBe(outputs[1]);
    await t.ctx.db.delete(senderBlocks);
  });

  it('refuses named questions, answers and profiles', async () => {
    const [sender, receiver] = [await signUpUser(t.app), await signUpUser(t.app)];
    const id = await ask(sender, receiver, 'named', false);
    const reportId = await reportQuestion(receiver, id);
    const res = await apiAs(t.app, moderator).post(`/api/admin/reports/${reportId}/block-sender`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(en.errors.not_anonymous_question);
  });
});

describe('the audit log', () => {
  it('lists every action newest first, 20 a page, for admins', async () => {
    const total = (await t.ctx.db.select().from(auditLog)).length;
    const first = await audit();
    expect(first.items).toHaveLength(Math.min(20, total));
    const times = first.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    if (total > 20) {
      const next = (await apiAs(t.app, admin).get(`/api/admin/audit?cursor=${first.nextCursor}`)).json() as AuditPage;
      expect(next.items[0]!.id).not.toBe(first.items[0]!.id);
    }
  });

  it('records the global question as the admin’s', async () => {
    await apiAs(t.app, admin).post('/api/admin/global-question', { text: 'Hello everyone' });
    expect((await audit()).items[0]).toMatchObject({ actor: admin.username, action: 'global_question_sent', targetKind: 'instance', detail: 'Hello everyone' });
  });
});
