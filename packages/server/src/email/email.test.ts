import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { en } from '@askbox/common';
import { emailOutbox, users } from '../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';
import { insertFollow } from '../test/fixtures.js';
import { linkIn, startMailCapture, type CapturedMail, type MailCapture } from '../test/mailCapture.js';
import { claimDue } from '../outbox/batch.js';
import { scheduleDigests } from './digest.js';
import { unsubscribeToken } from './links.js';
import { runEmailBatch } from './worker.js';

const PUBLIC_URL = 'https://askbox.example';
let mail: MailCapture;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailCapture();
  const base = await import('../config.js').then((m) => m.testConfig());
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    email: { ...base.email, smtpUrl: mail.url, from: 'Askbox <no-reply@askbox.example>' },
    rateLimits: { loginPerAccountPer15Min: 1000, signupPerHour: 1000, loginPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 100 },
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(async () => {
  mail.messages.length = 0;
  await t.ctx.db.delete(emailOutbox);
});

const choose = async (user: TestUser, emailNotifications: 'off' | 'each' | 'digest') =>
  expect((await apiAs(t.app, user).patch('/api/me/settings', { emailNotifications })).json().emailNotifications).toBe(emailNotifications);
const ask = async (from: TestUser, to: TestUser, text: string, isAnonymous: boolean) =>
  expect((await apiAs(t.app, from).post(`/api/users/${to.username}/questions`, { text, isAnonymous })).statusCode).toBe(201);
const mailsTo = (user: TestUser) => mail.messages.filter((m) => m.envelopeTo.includes(user.email));
/** Everything a mail carries, as one text: subject, bodies and every header. */
const wholeMail = (m: CapturedMail) => JSON.stringify(m);
/** Deps of a second worker (another instance) on the same database and SMTP server. */
const workerDeps = () => ({
  db: t.ctx.db,
  clock: t.ctx.clock,
  publicUrl: PUBLIC_URL,
  linkSecret: t.ctx.email.linkSecret,
  mailer: t.ctx.email.mailer,
  maxAttempts: 5,
  digestHourUtc: 8,
});

describe('email for each new question', () => {
  it('sends nothing while email notifications are off (the default)', async () => {
    const receiver = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await ask(asker, receiver, 'nobody emails me?', true);
    expect(await t.ctx.db.select().from(emailOutbox)).toEqual([]);
    await t.ctx.email.runBatch();
    expect(mail.messages).toEqual([]);
  });

  it('emails the receiver; an anonymous question carries nothing about its sender', async () => {
    const receiver = await signUpUser(t.app);
    const asker = await signUpUser(t.app, { fullname: 'Zed Hidden-Asker' });
    await choose(receiver, 'each');
    await ask(asker, receiver, 'an anonymous question by email', true);
    await t.ctx.email.runBatch();

    const [email] = mailsTo(receiver);
    expect(mail.messages).toHaveLength(1);
    expect(email!.subject).toBe('New Question ❓');
    expect(email!.text).toContain(en.pushBodyAnonymousQuestion);
    expect(email!.text).toContain('an anonymous question by email');
    expect(email!.text).toContain(`${PUBLIC_URL}/questions`);
    // every email links to the instance's Rules and Privacy pages
    expect(email!.text).toContain(`Rules: ${PUBLIC_URL}/rules · Privacy: ${PUBLIC_URL}/privacy`);
    expect(email!.html).toContain(`<a href="${PUBLIC_URL}/privacy" style="color:#5c5c6e">Privacy</a>`);
    for (const trace of [asker.id, asker.username, asker.fullname, asker.email]) expect(wholeMail(email!)).not.toContain(trace);
  });

  it('names the sender of a named question, and never emails the sender themselves', async () => {
    const receiver = await signUpUser(t.app);
    const asker = await signUpUser(t.app, { fullname: 'Nora Named' });
    await choose(receiver, 'each');
    await choose(asker, 'each');
    await ask(asker, receiver, 'a named question by email', false);
    await ask(asker, asker, 'to myself', false);
    await t.ctx.email.runBatch();
    expect(mail.messages).toHaveLength(1);
    expect(mailsTo(receiver)[0]!.text).toContain(`Nora Named (@${asker.username}) sent you a question!`);
  });

  it('writes the email in the receiver’s language', async () => {
    const receiver = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await apiAs(t.app, receiver).patch('/api/me/settings', { emailNotifications: 'each', locale: 'fr' });
    await ask(asker, receiver, 'en français ?', true);
    await t.ctx.email.runBatch();
    const [email] = mailsTo(receiver);
    expect(email!.subject).toBe('Nouvelle question ❓');
    expect(email!.text).toContain('Quelqu’un vous a envoyé une question anonyme\u202f!');
    expect(email!.text).toContain('Se désabonner');
    expect(email!.text).toContain(`Règles: ${PUBLIC_URL}/rules`);
  });

  it('sends nothing for a question answered or deleted before the worker ran', async () => {
    const receiver = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await choose(receiver, 'each');
    await ask(asker, receiver, 'gone before the email', true);
    await t.ctx.db.execute(sql`delete from questions where text = 'gone before the email'`);
    await t.ctx.email.runBatch();
    expect(mail.messages).toEqual([]);
    expect((await t.ctx.db.select().from(emailOutbox)).map((r) => [r.sent, r.lastError])).toEqual([[true, 'nothing to send']]);
  });
});

describe('the email outbox', () => {
  it('loses nothing when a worker dies after claiming, or the SMTP server refuses for a while', async () => {
    const receiver = await signUpUser(t.app);
    const asker = await signUpUser(t.app);
    await choose(receiver, 'each');
    await ask(asker, receiver, 'first, claimed by a worker that dies', true);
    // a worker claims the row and dies before sending: the lease hides it, then gives it back
    expect(await claimDue(t.ctx.db, emailOutbox, { maxAttempts: 5 })).toHaveLength(1);
    expect(await t.ctx.email.runBatch()).toBe(0);
    await t.ctx.db.execute(sql`update email_outbox set next_attempt_at = now() - interval '1 second'`);
    // then the SMTP server refuses once (451): the row waits for its backoff, it is not dropped
    mail.refuseNext(1);
    expect(await t.ctx.email.runBatch()).toBe(1);
    expect(mail.messages).toEqual([]);
    const [retrying] = await t.ctx.db.select().from(emailOutbox);
    expect(retrying).toMatchObject({ sent: false, attempts: 2 });
    expect(retrying!.lastError).toContain('Try again later');
    await t.ctx.db.execute(sql`update email_outbox set next_attempt_at = now() - interval '1 second'`);
    expect(await t.ctx.email.runBatch()).toBe(1);
    expect(mailsTo(receiver)).toHaveLength(1);
    expect(await t.ctx.email.runBatch()).toBe(0);
  });

  it('two instances working the same outbox send every email once', async () => {
    const receiver = await signUpUser(t.app);
    await choose(receiver, 'each');
    const askers = await Promise.all(Array.from({ length: 6 }, () => signUpUser(t.app)));
    for (const [i, asker] of askers.entries()) await ask(asker, receiver, `race question ${i}`, true);
    const counts = await Promise.all([runEmailBatch(workerDeps()), runEmailBatch(workerDeps()), t.ctx.email.runBatch()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(mailsTo(receiver)).toHaveLength(6);
    expect(new Set(mailsTo(receiver).map((m) => m.text)).size).toBe(6);
  });
});

describe('daily digest', () => {
  const DAY = 86_400_000;

  it('sums up a day of new questions, followers and likes in one email, once, even with two instances', async () => {
    const me = await signUpUser(t.app);
    const fan = await signUpUser(t.app, { fullname: 'Fan Hidden' });
    await choose(me, 'digest');
    await ask(fan, me, 'digest question one', true);
    await ask(fan, me, 'digest question two', true);
    await insertFollow(t.ctx.db, fan.id, me.id);
    // nothing is emailed as it happens
    await t.ctx.email.runBatch();
    expect(mail.messages).toEqual([]);

    const tomorrow = new Date(Date.now() + 2 * DAY);
    const queued = await Promise.all([scheduleDigests(t.ctx.db, tomorrow, 8), scheduleDigests(t.ctx.db, tomorrow, 8)]);
    expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, me.id))).toHaveLength(1);
    await t.ctx.email.runBatch();
    const [digest] = mailsTo(me);
    expect(mailsTo(me)).toHaveLength(1);
    expect(digest!.subject).toBe('Your day on Askbox');
    expect(digest!.text).toContain('2 new questions');
    expect(digest!.text).toContain('1 new follower');
    expect(digest!.text).not.toContain('like');
    for (const trace of [fan.id, fan.username, fan.fullname, fan.email]) expect(wholeMail(digest!)).not.toContain(trace);

    // the next slot covers only what came after: nothing new, no email
    await scheduleDigests(t.ctx.db, new Date(tomorrow.getTime() + DAY), 8);
    await t.ctx.email.runBatch();
    expect(mailsTo(me)).toHaveLength(1);
  });

  it('goes only to users on the digest', async () => {
    const each = await signUpUser(t.app);
    const fan = await signUpUser(t.app);
    await choose(each, 'each');
    await insertFollow(t.ctx.db, fan.id, each.id);
    await scheduleDigests(t.ctx.db, new Date(Date.now() + 2 * 86_400_000), 8);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, each.id))).toEqual([]);
  });
});

describe('unsubscribe (RFC 8058)', () => {
  async function questionEmailFor(receiver: TestUser): Promise<CapturedMail> {
    const asker = await signUpUser(t.app);
    await choose(receiver, 'each');
    await ask(asker, receiver, `unsubscribe me ${receiver.username}`, true);
    await t.ctx.email.runBatch();
    return mailsTo(receiver).at(-1)!;
  }

  it('every notification email carries the one-click headers and a footer link', async () => {
    const receiver = await signUpUser(t.app);
    const email = await questionEmailFor(receiver);
    expect(email.headers['list-unsubscribe']).toMatch(new RegExp(`^<${PUBLIC_URL}/api/email/unsubscribe\\?token=[^>]+>$`));
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(email.text, `${PUBLIC_URL}/unsubscribe?token=`)).toBeTruthy();
    expect(email.html).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
  });

  it('a one-click POST to the header address turns email notifications off, without signing in', async () => {
    const receiver = await signUpUser(t.app);
    const email = await questionEmailFor(receiver);
    const address = new URL(email.headers['list-unsubscribe']!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ emailNotifications: 'off' });
    expect((await apiAs(t.app, receiver).get('/api/me/settings')).json().emailNotifications).toBe('off');
    // and no more emails
    await ask(await signUpUser(t.app), receiver, 'after unsubscribing', true);
    await t.ctx.email.runBatch();
    expect(mailsTo(receiver)).toHaveLength(1);
  });

  it('a GET (a person’s click, a link scanner) only leads to the screen that asks', async () => {
    const receiver = await signUpUser(t.app);
    const email = await questionEmailFor(receiver);
    const address = new URL(email.headers['list-unsubscribe']!.slice(1, -1));
    const res = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe${address.search}`);
    const [row] = await t.ctx.db.select({ emailNotifications: users.emailNotifications }).from(users).where(eq(users.id, receiver.id));
    expect(row!.emailNotifications).toBe('each');
  });

  it('refuses a token not signed by this server, or signed for someone else', async () => {
    const victim = await signUpUser(t.app);
    await choose(victim, 'each');
    const attacker = await signUpUser(t.app);
    const attackerToken = unsubscribeToken(t.ctx.email.linkSecret, attacker.id);
    const forged = `${Buffer.from(victim.id).toString('base64url')}.${attackerToken.split('.')[1]}`;
    for (const token of [forged, 'garbage', `${Buffer.from(victim.id).toString('base64url')}.`]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(en.errors.unsubscribe_link_invalid);
    }
    expect((await apiAs(t.app, victim).get('/api/me/settings')).json().emailNotifications).toBe('each');
  });
});
