import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/sql.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { askAsVisitor } from '../visitors/service.js';
import { sendGlobalQuestion } from '../admin/service.js';
import { receiveRemoteQuestion } from '../../federation/inbox/remoteQuestions.js';

/**
 * Every receiver rule against every way of asking, through the one way of asking (decision 352):
 * what becomes of the question (refused, dropped, filtered, delivered) and what its asker gets,
 * which must be the same bytes for a dropped (or filtered) question as for a delivered one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 },
  });
});
afterAll(() => t.close());

type Outcome = 'refused' | 'dropped' | 'filtered' | 'delivered';
type Channel = 'account' | 'visitor' | 'followers' | 'fediverse' | 'global';
const CHANNELS: Channel[] = ['account', 'visitor', 'followers', 'fediverse', 'global'];

/** Who asks in one case, for each way of asking (the remote account on a server of its own, so that its limits and blocks are the case's alone). */
interface Askers {
  account: TestUser;
  visitorKey: string;
  remote: { uri: string; domain: string };
  admin: TestUser;
}

/** A receiver rule: what it sets up for `receiver` against the case's askers. */
interface Rule {
  name: string;
  setUp(receiver: TestUser, askers: Askers): Promise<void>;
  /** the question's text (a muted word's rules use it) */
  text?: string;
  expected: Record<Channel, Outcome>;
}

const db = () => t.ctx.db;
const setUser = async (user: TestUser, changes: SQL): Promise<void> => {
  await db().execute(sql`update users set ${changes} where id = ${user.id}`);
};

const everyChannel = (outcome: Outcome): Record<Channel, Outcome> => ({
  account: outcome,
  visitor: outcome,
  followers: outcome,
  fediverse: outcome,
  global: outcome,
});

const RULES: Rule[] = [
  { name: 'no rule', setUp: async () => {}, expected: everyChannel('delivered') },
  {
    name: 'a paused inbox',
    setUp: (receiver) => setUser(receiver, sql`inbox_paused = true`),
    // neither a follower's refusal nor a remote one is told: it is a drop there
    expected: { account: 'refused', visitor: 'refused', followers: 'dropped', fediverse: 'dropped', global: 'refused' },
  },
  {
    name: "'Who may ask me': people I follow",
    setUp: (receiver) => setUser(receiver, sql`who_may_ask = 'following'`),
    // a follower asked by someone they follow lets them in; the rule is about people, not the instance's announcement (decision 261)
    expected: { account: 'refused', visitor: 'refused', followers: 'delivered', fediverse: 'dropped', global: 'delivered' },
  },
  {
    name: "'Who may ask me': accounts older than 7 days",
    setUp: (receiver) => setUser(receiver, sql`who_may_ask = 'older_accounts', who_may_ask_min_days = 7`),
    expected: { account: 'refused', visitor: 'refused', followers: 'dropped', fediverse: 'dropped', global: 'delivered' },
  },
  {
    name: 'refusing anonymous questions',
    setUp: (receiver) => setUser(receiver, sql`refuse_anonymous_questions = true`),
    // a post from another server is named
    expected: { account: 'refused', visitor: 'refused', followers: 'dropped', fediverse: 'delivered', global: 'refused' },
  },
  {
    name: 'a block of the asking account',
    setUp: async (receiver, askers) => {
      await db().execute(sql`insert into blocks (blocker_id, blocked_id) values (${receiver.id}, ${askers.account.id})`);
    },
    expected: { account: 'refused', visitor: 'delivered', followers: 'dropped', fediverse: 'delivered', global: 'delivered' },
  },
  {
    name: 'a quiet block of the asker from one of their anonymous questions',
    setUp: async (receiver, askers) => {
      for (const blocked of [sql`${askers.account.id}, null`, sql`null, ${askers.visitorKey}`]) {
        await db().execute(
          sql`insert into asker_blocks (id, blocker_id, blocked_id, blocked_visitor_key, question_text, question_created_at)
              values (${crypto.randomUUID()}, ${receiver.id}, ${blocked}, 'an earlier question', now())`,
        );
      }
    },
    // the asker is answered as if it was delivered; a global question is not theirs to block (the admin would show)
    expected: { account: 'dropped', visitor: 'dropped', followers: 'dropped', fediverse: 'delivered', global: 'delivered' },
  },
  {
    name: 'a block of the remote account',
    setUp: async (receiver, askers) => {
      await db().execute(sql`insert into remote_blocks (user_id, kind, target) values (${receiver.id}, 'actor', ${askers.remote.uri})`);
    },
    expected: { account: 'delivered', visitor: 'delivered', followers: 'delivered', fediverse: 'dropped', global: 'delivered' },
  },
  {
    name: "a block of the remote account's server",
    setUp: async (receiver, askers) => {
      await db().execute(sql`insert into remote_blocks (user_id, kind, target) values (${receiver.id}, 'domain', ${askers.remote.domain})`);
    },
    expected: { account: 'delivered', visitor: 'delivered', followers: 'delivered', fediverse: 'dropped', global: 'delivered' },
  },
  {
    name: 'a muted word, Filtered folder kept',
    text: 'Any spoilers for the finale?',
    setUp: async (receiver) => {
      await db().execute(sql`insert into muted_words (user_id, word) values (${receiver.id}, 'spoiler')`);
      await setUser(receiver, sql`keep_filtered_questions = true`);
    },
    expected: everyChannel('filtered'),
  },
  {
    name: 'a muted word, Filtered folder not kept',
    text: 'Any spoilers for the finale?',
    setUp: async (receiver) => {
      await db().execute(sql`insert into muted_words (user_id, word) values (${receiver.id}, 'spoiler')`);
    },
    expected: everyChannel('dropped'),
  },
];

/** What the asker got, and whether the question was refused (told, or left out of the addressed). */
interface Asked {
  refused: boolean;
  /** what the asker receives, ids masked (a fresh id is no tell) */
  bytes: string;
}

const maskIds = (body: string) => body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
const refusedBy = (error: unknown): Asked => {
  if (!(error instanceof AppError)) throw error;
  return { refused: true, bytes: error.code };
};

/** Asks `receiver` `text` through `channel` as the case's asker. */
async function ask(channel: Channel, receiver: TestUser, askers: Askers, text: string): Promise<Asked> {
  switch (channel) {
    case 'account': {
      const response = await apiAs(t.app, askers.account).post(`/api/users/${receiver.username}/questions`, { text, isAnonymous: true });
      return { refused: response.statusCode >= 400, bytes: `${response.statusCode} ${maskIds(response.body)}` };
    }
    case 'visitor': {
      const [row] = await db().select().from(users).where(eq(users.id, receiver.id));
      return askAsVisitor(t.ctx, row!, askers.visitorKey, text).then(() => ({ refused: false, bytes: 'asked' }), refusedBy);
    }
    case 'followers': {
      await insertFollow(db(), receiver.id, askers.account.id);
      const response = await apiAs(t.app, askers.account).post('/api/me/followers/questions', { text, isAnonymous: true });
      await t.ctx.followerQuestions.kick();
      // the sender's record has the follower whatever became of it (a refused follower is left out, as a drop is)
      const [record] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from sent_questions where receiver_id = ${receiver.id} and text = ${text}`,
      );
      expect(record!.n).toBe(1);
      return { refused: false, bytes: `${response.statusCode} ${response.body}` };
    }
    case 'fediverse': {
      const claims = {
        uri: askers.remote.uri,
        inboxUrl: `${askers.remote.uri}/inbox`,
        sharedInboxUrl: null,
        username: 'bob',
        name: 'Bob',
        url: null,
        iconUrl: null,
      };
      const postUri = `https://${askers.remote.domain}/notes/${crypto.randomUUID()}`;
      await receiveRemoteQuestion(t.ctx, { receiverId: receiver.id, asker: claims, postUri, text, visibility: 'public' });
      // the remote server is answered 202 and nothing else, whatever happens here (federation/inbox/activities.test.ts)
      return { refused: false, bytes: '202' };
    }
    case 'global': {
      const [everyone] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from users`);
      const log = { info: () => {} };
      const { count } = await sendGlobalQuestion(t.ctx, { id: askers.admin.id, username: askers.admin.username }, text, log);
      // every other user is left with no rule (below): a count one short is this receiver not addressed
      return { refused: count === everyone!.n - 1, bytes: 'sent' };
    }
  }
}

/** Whether the question is in the receiver's inbox, or in their Filtered folder. */
async function received(receiver: TestUser, text: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from questions where receiver_id = ${receiver.id} and text = ${text}`);
  return row!.n === 1;
}
async function filtered(receiver: TestUser, text: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from filtered_questions where receiver_id = ${receiver.id} and text = ${text}`,
  );
  return row!.n === 1;
}

/** Leaves the receiver with no rule, so that the next case's global question addresses them. */
async function clearRules(receiver: TestUser): Promise<void> {
  await setUser(receiver, sql`inbox_paused = false, who_may_ask = 'everyone', refuse_anonymous_questions = false, keep_filtered_questions = false`);
  await db().execute(sql`delete from muted_words where user_id = ${receiver.id}`);
}

let cases = 0;
async function runCase(rule: Rule, channel: Channel): Promise<{ outcome: Outcome; bytes: string }> {
  cases += 1;
  const host = `case${cases}.example`;
  const askers: Askers = {
    account: await signUpUser(t.app),
    visitorKey: crypto.randomUUID(),
    remote: { uri: `https://${host}/users/bob`, domain: host },
    admin: await signUpUser(t.app),
  };
  const receiver = await signUpUser(t.app);
  const text = `${rule.text ?? 'What are you reading?'} (${cases})`;
  await rule.setUp(receiver, askers);
  try {
    const asked = await ask(channel, receiver, askers, text);
    const outcome: Outcome = asked.refused
      ? 'refused'
      : (await received(receiver, text))
        ? 'delivered'
        : (await filtered(receiver, text))
          ? 'filtered'
          : 'dropped';
    return { outcome, bytes: asked.bytes };
  } finally {
    await clearRules(receiver);
  }
}

describe('one way of asking: every receiver rule against every channel', () => {
  // one test per rule and channel: each case is a few requests, and a loaded machine runs them slowly
  describe.each(CHANNELS)('%s', (channel) => {
    let delivered: Awaited<ReturnType<typeof runCase>>;
    beforeAll(async () => {
      delivered = await runCase(RULES[0]!, channel);
    });
    it('delivers with no rule on', () => expect(delivered.outcome).toBe('delivered'));
    it.each(RULES.slice(1).map((rule) => [rule.name, rule] as const))(
      '%s: refused, dropped, filtered or delivered as the rule says, and the same bytes to the asker for dropped as for delivered',
      async (_name, rule) => {
        const result = await runCase(rule, channel);
        expect(result.outcome).toBe(rule.expected[channel]);
        if (result.outcome !== 'refused') expect(result.bytes).toEqual(delivered.bytes);
      },
    );
  });

  it('asking yourself reaches your inbox whatever your rules but a paused inbox, and is not news: no push, no email', async () => {
    const me = await signUpUser(t.app);
    await db().execute(sql`insert into muted_words (user_id, word) values (${me.id}, 'spoiler')`);
    await setUser(me, sql`refuse_anonymous_questions = true, who_may_ask = 'following', email_notifications = 'each'`);
    const asked = await apiAs(t.app, me).post(`/api/users/${me.username}/questions`, { text: 'A spoiler for me?', isAnonymous: true });
    expect(asked.statusCode).toBe(201);
    expect(await received(me, 'A spoiler for me?')).toBe(true);
    const [news] = await queryRows<{ n: number }>(
      db(),
      sql`select (select count(*) from push_notifications where user_id = ${me.id}) + (select count(*) from email_outbox where user_id = ${me.id})::int as n`,
    );
    expect(Number(news!.n)).toBe(0);
    await setUser(me, sql`inbox_paused = true`);
    const paused = await apiAs(t.app, me).post(`/api/users/${me.username}/questions`, { text: 'Another?', isAnonymous: true });
    expect(paused.json().error.code).toBe('inbox_paused');
  });
});
