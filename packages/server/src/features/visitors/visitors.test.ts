import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { askerBlocks, questions, users, visitorQuestions } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { rateLimitClient } from '../../rateLimit.js';
import { postgresDumpFlags } from '../../cli/backup.js';
import { fakeWebDist } from '../../test/fakeWebDist.js';
import { apiAs, createTestApp, signUpUser, solvedChallenge, type TestApp, type TestUser } from '../../test/harness.js';
import { VISITOR_QUESTIONS_PER_10_MIN } from './service.js';

const webDistDir = fakeWebDist();
// sign-up without a challenge, as in other features' tests; visitors always solve one, kept quick here
const challenge = { enabled: false, difficulty: 2 };
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ visitorQuestions: true, webDistDir, challenge }),
    createTestApp({ visitorQuestions: false, webDistDir, challenge }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

const VISITOR_A = '203.0.113.77';
const VISITOR_B = '198.51.100.23';

/** A signed-out visitor's question from `ip`, with a challenge solved as the page does (unless given). */
async function visitorAsks(app: TestApp, username: string, text: string, ip = VISITOR_A, challenge?: string | null) {
  const field = challenge === null ? undefined : (challenge ?? (await solvedChallenge(app.app, 'visitor_question')));
  return app.app.inject({
    method: 'POST',
    url: `/api/visitors/${username}/questions`,
    remoteAddress: ip,
    payload: { text, ...(field ? { challenge: field } : {}) },
  });
}

async function receiverWhoWelcomesVisitors(app: TestApp): Promise<TestUser> {
  const user = await signUpUser(app.app);
  const settings = await apiAs(app.app, user).patch('/api/me/settings', { publicProfile: true, visitorQuestions: true });
  expect(settings.json()).toMatchObject({ publicProfile: true, visitorQuestions: true });
  return user;
}

/** The embedded database's folder as `cli backup` archives it, read as text (latin1 keeps every byte). */
async function embeddedDatabaseFiles(app: TestApp): Promise<string> {
  if (app.ctx.database.kind !== 'pglite') throw new Error('expected the embedded database');
  const dump = await app.ctx.database.pglite.dumpDataDir('none');
  return Buffer.from(await dump.arrayBuffer()).toString('latin1');
}

/** PostgreSQL's dump made with the flags the backup instructions give. */
function postgresDump(app: TestApp): string {
  if (app.ctx.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return execFileSync('pg_dump', [...postgresDumpFlags, '--format=plain', app.ctx.database.url], { maxBuffer: 1 << 30 }).toString('latin1');
}

const inbox = async (app: TestApp, user: TestUser) => (await apiAs(app.app, user).get('/api/me/inbox')).json().items as Record<string, unknown>[];
const signedOutPage = (app: TestApp, username: string) => app.app.inject({ method: 'GET', url: `/u/${username}` });
/** What a visitor can observe of an answer: status, body and headers but the per-request ones. */
const observed = (response: Awaited<ReturnType<typeof visitorAsks>>) => {
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !['date', 'x-request-id', 'request-id'].includes(name)));
  return { status: response.statusCode, body: response.body, headers };
};

describe('questions from people without an account: who may be asked', () => {
  it('operator off: every receiver looks like an unknown user to the ask route, and the signed-out profile has no ask box', async () => {
    const alice = await receiverWhoWelcomesVisitors(off);
    const refused = await visitorAsks(off, alice.username, 'Hello?');
    const unknown = await visitorAsks(off, 'nobody_here', 'Hello?');
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe(unknown.body);
    expect(refused.json().error.code).toBe('user_not_found');
    const page = (await signedOutPage(off, alice.username)).body;
    expect(page).toContain(`@${alice.username}`);
    expect(page).not.toContain('id="visitor-ask"');
    expect(page).toContain('Log in to ask');
    // Settings does not offer it
    expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().visitorQuestions).toBe(false);
  });

  it('receiver off, or private profile: the same refusal as an unknown user; both on: asked', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().visitorQuestions).toBe(true);
    const bob = await signUpUser(t.app);
    await apiAs(t.app, bob).patch('/api/me/settings', { publicProfile: true });
    const unknown = await visitorAsks(t, 'nobody_here', 'Hello?');
    expect(unknown.statusCode).toBe(404);
    expect((await visitorAsks(t, bob.username, 'Hello?')).body).toBe(unknown.body);
    // his public profile is readable signed out, without an ask box
    expect((await signedOutPage(t, bob.username)).body).not.toContain('id="visitor-ask"');

    // the choice needs a public profile: turning that off turns it off, and asking it alone keeps it off
    const carol = await receiverWhoWelcomesVisitors(t);
    expect((await apiAs(t.app, carol).patch('/api/me/settings', { publicProfile: false })).json().visitorQuestions).toBe(false);
    expect((await apiAs(t.app, carol).patch('/api/me/settings', { visitorQuestions: true })).json().visitorQuestions).toBe(false);
    expect((await visitorAsks(t, carol.username, 'Hello?')).body).toBe(unknown.body);

    const alice = await receiverWhoWelcomesVisitors(t);
    const asked = await visitorAsks(t, alice.username, 'Hello from nowhere?');
    expect(asked.statusCode).toBe(204);
    expect(asked.body).toBe('');
    expect((await inbox(t, alice)).map((q) => q.text)).toEqual(['Hello from nowhere?']);
    // the receiver turns it off: at once, the next visitor is refused like for an unknown user
    await apiAs(t.app, alice).patch('/api/me/settings', { visitorQuestions: false });
    expect((await visitorAsks(t, alice.username, 'Still there?')).body).toBe(unknown.body);
  });

  it('the signed-out page: her profile and the ask box for a visitor; the app for anyone signed in', async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    await apiAs(t.app, alice).patch('/api/me/profile', { fullname: 'Alice <b>Example</b>', bio: 'Ask me about $& things', website: '' });
    const page = await t.app.inject({ method: 'GET', url: `/u/${alice.username}`, headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Alice &lt;b&gt;Example&lt;/b&gt;');
    expect(page.body).toContain('Ask me about $&amp; things');
    expect(page.body).toContain('Pose-moi une question');
    expect(page.body).toContain(`data-username="${alice.username}"`);
    expect(page.body).toContain('og:title');
    expect(page.body).not.toContain('SPA');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const reader = await signUpUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/u/${alice.username}`, headers: { cookie: reader.cookie } })).body).toContain('SPA');
  });
});

describe('questions from people without an account: guards', () => {
  it('needs a proof of work made for it, spent once', async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    expect((await visitorAsks(t, alice.username, 'no work', VISITOR_A, null)).json().error.code).toBe('challenge_required');
    expect((await visitorAsks(t, alice.username, 'other form', VISITOR_A, await solvedChallenge(t.app, 'signup'))).json().error.code).toBe('challenge_invalid');
    const solved = await solvedChallenge(t.app, 'visitor_question');
    expect((await visitorAsks(t, alice.username, 'once', VISITOR_A, solved)).statusCode).toBe(204);
    expect((await visitorAsks(t, alice.username, 'twice', VISITOR_A, solved)).json().error.code).toBe('challenge_invalid');
    expect((await inbox(t, alice)).map((q) => q.text)).toEqual(['once']);
  });

  it('counts each visitor by a keyed hash of the day: one is limited, another still asks, and no address is stored anywhere', async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    const ip = '192.0.2.146';
    for (let i = 0; i < VISITOR_QUESTIONS_PER_10_MIN; i++) expect((await visitorAsks(t, alice.username, `question ${i}`, ip)).statusCode).toBe(204);
    const limited = await visitorAsks(t, alice.username, 'one too many', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await visitorAsks(t, alice.username, 'someone else', '192.0.2.147')).statusCode).toBe(204);

    // every row of every table, as text: neither address (nor the IPv4 written any other way) is there
    const tables = await queryRows<{ name: string }>(t.ctx.db, sql`select table_name as name from information_schema.tables where table_schema = 'public'`);
    let scanned = 0;
    for (const { name } of tables) {
      const rows = await queryRows<{ row: string }>(t.ctx.db, sql`select t::text as row from ${sql.identifier(name)} t`);
      scanned += rows.length;
      for (const { row } of rows) for (const needle of [ip, '192.0.2.147', VISITOR_A, VISITOR_B]) expect(row, `${name} holds ${needle}`).not.toContain(needle);
    }
    expect(scanned).toBeGreaterThan(0);
    // the hash the counters use is there, and matches no address without the day's key
    const [counter] = await queryRows<{ key: string }>(t.ctx.db, sql`select key from rate_limits where key like 'visitor-question:%' limit 1`);
    expect(counter?.key).toMatch(/^visitor-question:[A-Za-z0-9_-]{43}$/);
  });

  it("keeps the day's key out of everything that outlives the day: whoever holds the database's files or its backup cannot match a stored hash to an address", async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    const ip = '192.0.2.201';
    expect((await visitorAsks(t, alice.username, 'who am I?', ip)).statusCode).toBe(204);
    const [stored] = await queryRows<{ key: string }>(
      t.ctx.db,
      sql`select v.visitor_key as key from visitor_questions v join questions q on q.id = v.question_id where q.text = 'who am I?'`,
    );
    expect(stored?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // every byte an attacker could hold: the embedded database's whole folder (WAL included) as its
    // backup takes it, or PostgreSQL's dump made as the backup instructions say
    const bytes = t.ctx.database.kind === 'pglite' ? await embeddedDatabaseFiles(t) : postgresDump(t);
    // a day key is 32 random bytes, base64url: try every 43 characters in a row that could be one
    const candidates = new Set<string>();
    for (const [run] of bytes.matchAll(/[A-Za-z0-9_-]{43,400}/g)) for (let at = 0; at + 43 <= run.length; at++) candidates.add(run.slice(at, at + 43));
    expect(candidates.size).toBeGreaterThan(0); // the stored hashes themselves are there
    const matching = [...candidates].filter((key) => crypto.createHmac('sha256', key).update(rateLimitClient(ip)).digest('base64url') === stored!.key);
    expect(matching).toEqual([]);
  });

  it('a question holding a muted word is dropped unseen, answered exactly like one that arrived', async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    await apiAs(t.app, alice).post('/api/me/muted-words', { word: 'spoiler' });
    const dropped = await visitorAsks(t, alice.username, 'a SPOILER for you', '192.0.2.10');
    const accepted = await visitorAsks(t, alice.username, 'a kind word', '192.0.2.11');
    expect(observed(dropped)).toEqual(observed(accepted));
    expect((await inbox(t, alice)).map((q) => q.text)).toEqual(['a kind word']);
    // nothing of the dropped one stays: no question, no visitor row
    expect(await t.ctx.db.select().from(questions).where(eq(questions.text, 'a SPOILER for you'))).toEqual([]);
  });

  it("'Block this asker' on a visitor's question drops that visitor's next questions quietly; another visitor still gets through", async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    await visitorAsks(t, alice.username, 'from visitor A', VISITOR_A);
    await visitorAsks(t, alice.username, 'from visitor B', VISITOR_B);
    const fromA = (await inbox(t, alice)).find((q) => q.text === 'from visitor A')!;
    const blocked = await apiAs(t.app, alice).post(`/api/questions/${fromA.id}/block-asker`);
    expect(blocked.statusCode).toBe(204);
    // the block names no one: the visitor's keyed hash, no account
    const [block] = await t.ctx.db.select().from(askerBlocks).where(eq(askerBlocks.blockerId, alice.id));
    expect(block).toMatchObject({ blockedId: null, questionText: 'from visitor A' });
    expect(block!.blockedVisitorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await visitorAsks(t, alice.username, 'A again', VISITOR_A);
    const other = await visitorAsks(t, alice.username, 'B again', VISITOR_B);
    expect(observed(again)).toEqual(observed(other));
    expect((await inbox(t, alice)).map((q) => q.text)).toEqual(['B again', 'from visitor B']);
    // the block stands for alice only
    const dave = await receiverWhoWelcomesVisitors(t);
    await visitorAsks(t, dave.username, 'A to dave', VISITOR_A);
    expect((await inbox(t, dave)).map((q) => q.text)).toEqual(['A to dave']);
    // the blocked list shows it like any anonymous asker's
    expect((await apiAs(t.app, alice).get('/api/me/blocked-askers')).json().items.map((b: { questionText: string }) => b.questionText)).toEqual([
      'from visitor A',
    ]);
  });

  it("a moderator's 'Block this sender everywhere' on a visitor's question drops that visitor's next questions to anyone", async () => {
    const [alice, erin] = [await receiverWhoWelcomesVisitors(t), await receiverWhoWelcomesVisitors(t)];
    const admin = await signUpUser(t.app);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const spammer = '192.0.2.66';
    await visitorAsks(t, alice.username, 'buy my stuff', spammer);
    const [spam] = await inbox(t, alice);
    expect((await apiAs(t.app, alice).post('/api/reports', { kind: 'question', target: spam!.id, reason: 'spam' })).statusCode).toBe(200);
    const reportId = ((await apiAs(t.app, admin).get('/api/admin/reports')).json().items as { id: string; targetId?: string }[])[0]!.id;
    expect((await apiAs(t.app, admin).post(`/api/admin/reports/${reportId}/block-sender`)).json()).toEqual({ blocked: true, resolved: 1 });
    expect((await visitorAsks(t, erin.username, 'buy it now', spammer)).statusCode).toBe(204);
    expect((await visitorAsks(t, erin.username, 'an honest question', '192.0.2.67')).statusCode).toBe(204);
    expect((await inbox(t, erin)).map((q) => q.text)).toEqual(['an honest question']);
  });

  it('a paused inbox refuses visitors as it refuses everyone', async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    await apiAs(t.app, alice).patch('/api/me/settings', { inboxPaused: true });
    const refused = await visitorAsks(t, alice.username, 'Anyone home?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('inbox_paused');
    const member = await signUpUser(t.app);
    expect((await apiAs(t.app, member).post(`/api/users/${alice.username}/questions`, { text: 'Anyone?', isAnonymous: true })).json().error.code).toBe(
      'inbox_paused',
    );
    expect(await inbox(t, alice)).toEqual([]);
  });

  it("the receiver sees a visitor's question exactly as an anonymous question from an account", async () => {
    const alice = await receiverWhoWelcomesVisitors(t);
    const member = await signUpUser(t.app);
    await apiAs(t.app, member).post(`/api/users/${alice.username}/questions`, { text: 'from a member', isAnonymous: true });
    await visitorAsks(t, alice.username, 'from a visitor', '192.0.2.50');
    const [fromVisitor, fromMember] = await inbox(t, alice);
    const shape = (item: Record<string, unknown>) => ({ ...item, id: 'id', text: 'text', createdAt: 'at' });
    expect(shape(fromVisitor!)).toEqual(shape(fromMember!));
    expect(fromVisitor).toMatchObject({ isAnonymous: true, sender: null, canBlockAsker: true, remoteSender: null });
    // and only the visitors' own table knows it was a visitor's
    expect(
      await t.ctx.db
        .select()
        .from(visitorQuestions)
        .where(eq(visitorQuestions.questionId, fromVisitor!.id as string)),
    ).toHaveLength(1);
  });
});
