import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import type { DroppableDatabase } from './throwaway.js';
import { likes, questions, users } from './schema/index.js';
import { queryRows } from './sql.js';

/**
 * A question's receiver and sender are users, kept so by triggers once per statement (migration
 * 0014, decision 193) instead of foreign keys once per row: what the foreign keys did, they must
 * still do, on both databases; the races between a question and its account's deletion on
 * PostgreSQL, where two transactions can run at once.
 */
let database: DroppableDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const id = () => crypto.randomUUID();
async function newUser(): Promise<string> {
  const userId = id();
  const name = `u${userId.slice(0, 8)}`;
  await database.db.insert(users).values({ id: userId, email: `${name}@example.test`, username: name, fullname: name, passwordHash: 'x' });
  return userId;
}
const question = (receiverId: string, senderId: string | null, answered = false) => ({
  id: id(),
  receiverId,
  senderId,
  text: 'q',
  answered,
  ...(answered ? { answer: 'a', answeredAt: new Date() } : {}),
});
const questionsOf = (receiverId: string) => database.db.select().from(questions).where(eq(questions.receiverId, receiverId));

/** The error a statement failed with: SQLSTATE and constraint, as drivers report them. */
async function failure(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } },
  );
  expect(error, 'the statement should have failed').not.toBeNull();
  const cause = error!.cause ?? error!;
  return { code: cause.code, constraint: cause.constraint };
}
const foreignKeyViolation = { code: '23503', constraint: 'questions_people_exist' };

describe('a question names users that exist', () => {
  it('refuses a question to, or from, no one; a bulk insert with one such row writes nothing', async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    expect(await failure(database.db.insert(questions).values(question(id(), alice)))).toEqual(foreignKeyViolation);
    expect(await failure(database.db.insert(questions).values(question(alice, id())))).toEqual(foreignKeyViolation);
    expect(await failure(database.db.insert(questions).values([question(alice, bob), question(bob, null), question(id(), null)]))).toEqual(foreignKeyViolation);
    expect([...(await questionsOf(alice)), ...(await questionsOf(bob))]).toEqual([]);
    // anonymous questions whose sender is gone, and questions to oneself, are fine
    await database.db.insert(questions).values([question(alice, null), question(alice, alice), question(bob, alice)]);
    expect(await questionsOf(alice)).toHaveLength(2);
  });

  it('refuses moving a question to a receiver or sender who does not exist', async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const row = question(alice, bob);
    await database.db.insert(questions).values(row);
    expect(await failure(database.db.update(questions).set({ receiverId: id() }).where(eq(questions.id, row.id)))).toEqual(foreignKeyViolation);
    expect(await failure(database.db.update(questions).set({ senderId: id() }).where(eq(questions.id, row.id)))).toEqual(foreignKeyViolation);
    await database.db.update(questions).set({ receiverId: bob, senderId: alice }).where(eq(questions.id, row.id));
    await database.db.update(questions).set({ senderId: null }).where(eq(questions.id, row.id));
    expect(await questionsOf(bob)).toMatchObject([{ id: row.id, senderId: null }]);
  });

  it('an account going takes the questions it received (and their likes) and leaves what it sent as anonymous questions with no sender', async () => {
    const [leaver, other, fan] = [await newUser(), await newUser(), await newUser()];
    const received = [question(leaver, other), question(leaver, null, true), question(leaver, leaver, true)];
    const sent = [{ ...question(other, leaver), isAnonymous: false }, question(other, leaver, true)];
    await database.db.insert(questions).values([...received, ...sent]);
    await database.db.insert(likes).values([
      { userId: fan, questionId: received[1]!.id },
      { userId: fan, questionId: sent[1]!.id },
    ]);
    await database.db.delete(users).where(eq(users.id, leaver));
    expect(await questionsOf(leaver)).toEqual([]);
    expect((await questionsOf(other)).map((q) => [q.id, q.senderId, q.isAnonymous]).sort()).toEqual(sent.map((q) => [q.id, null, true]).sort());
    expect(await database.db.select({ questionId: likes.questionId }).from(likes).where(eq(likes.userId, fan))).toEqual([{ questionId: sent[1]!.id }]);
  });
});

// Two transactions at once need two connections: PostgreSQL only (PGlite is one connection).
describe.runIf(process.env.TEST_DATABASE_URL)('a question and an account it names, deleted at the same time (PostgreSQL)', () => {
  let clients: pg.Client[] = [];
  async function connection(): Promise<pg.Client> {
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return client;
  }
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    clients = [];
  });
  const waiting = async (client: pg.Client) =>
    (
      await queryRows<{ waiting: boolean }>(
        database.db,
        sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${(client as unknown as { processID: number }).processID}`,
      )
    )[0]?.waiting;
  async function untilWaiting(client: pg.Client): Promise<void> {
    for (let i = 0; i < 200 && !(await waiting(client)); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await waiting(client)).toBe(true);
  }

  const ask = (client: pg.Client, receiver: string, sender: string, questionId = id()) =>
    client.query('insert into questions (id, receiver_id, sender_id, text) values ($1, $2, $3, $4)', [questionId, receiver, sender, 'q']);

  /** A question from `sender` to `receiver` left uncommitted while one of the two accounts is deleted. */
  async function askWhileDeleting(whom: 'receiver' | 'sender'): Promise<{ receiver: string; questionId: string }> {
    const [receiver, sender] = [await newUser(), await newUser()];
    const [asking, deleting] = [await connection(), await connection()];
    const questionId = id();
    await asking.query('begin');
    await ask(asking, receiver, sender, questionId);
    const deleted = deleting.query('delete from users where id = $1', [whom === 'receiver' ? receiver : sender]);
    await untilWaiting(deleting);
    await asking.query('commit');
    await deleted;
    return { receiver, questionId };
  }

  it('a question sent first: the deletion waits for it, then takes it along', async () => {
    const { receiver } = await askWhileDeleting('receiver');
    expect(await questionsOf(receiver)).toEqual([]);
  });

  it('a sender deleted while their question is being sent: the deletion waits, then the question keeps no sender', async () => {
    const { receiver, questionId } = await askWhileDeleting('sender');
    expect(await questionsOf(receiver)).toMatchObject([{ id: questionId, senderId: null }]);
  });

  it('a deletion first: the question waits for it, then fails', async () => {
    const [receiver, sender] = [await newUser(), await newUser()];
    const [asking, deleting] = [await connection(), await connection()];
    await deleting.query('begin');
    await deleting.query('delete from users where id = $1', [receiver]);
    // its error is taken as soon as the insert starts: it can arrive in the same turn of the event
    // loop as the commit's reply, before this test would get to look at it (an unhandled rejection)
    const asked = failure(ask(asking, receiver, sender));
    await untilWaiting(asking);
    await deleting.query('commit');
    expect(await asked).toEqual(foreignKeyViolation);
    expect(await questionsOf(receiver)).toEqual([]);
  });
});
