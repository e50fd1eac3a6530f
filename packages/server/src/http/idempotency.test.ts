import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { queryRows } from '../db/sql.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';

/**
 * A write sent again after a lost answer (the same Idempotency-Key from the same user) gets the
 * first result, not a second write: asks, answers and the global question.
 */
let t: TestApp;
let receiver: TestUser;
let asker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  receiver = await signUpUser(t.app);
  asker = await signUpUser(t.app);
});
afterAll(async () => t.close());

const ask = (user: TestUser, key: string | undefined, text = 'Is this asked once?') =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${receiver.username}/questions`,
    headers: { cookie: user.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { text, isAnonymous: true },
  });
const count = async (text: string) => (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from questions where text = ${text}`))[0]!.n;

describe('Idempotency-Key', () => {
  it('replays the first ask instead of asking twice, even when both arrive at once', async () => {
    const first = await ask(asker, 'key-1', 'Asked once?');
    const again = await ask(asker, 'key-1', 'Asked once?');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('Asked once?')).toBe(1);

    const racing = await Promise.all([ask(asker, 'key-2', 'Raced once?'), ask(asker, 'key-2', 'Raced once?')]);
    expect(racing.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(racing[0]!.json()).toEqual(racing[1]!.json());
    expect(await count('Raced once?')).toBe(1);
  });

  it('keeps keys apart per user, and asks again with a new key or none', async () => {
    const other = await signUpUser(t.app);
    await ask(asker, 'shared-key', 'Whose key?');
    expect((await ask(other, 'shared-key', 'Whose key?')).headers['idempotent-replayed']).toBeUndefined();
    await ask(asker, undefined, 'Whose key?');
    expect(await count('Whose key?')).toBe(3);
  });

  it('answers once: the same answer sent again is replayed, not refused as already answered', async () => {
    const { id } = (await ask(asker, 'key-3', 'Answered once?')).json() as { id: string };
    const answer = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/questions/${id}/answer`,
        headers: { cookie: receiver.cookie, 'idempotency-key': 'answer-1' },
        payload: { answer: 'Yes.' },
      });
    expect((await answer()).statusCode).toBe(204);
    const again = await answer();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('sends the global question once per key', async () => {
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, receiver.id));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/global-question',
        headers: { cookie: receiver.cookie, 'idempotency-key': 'global-1' },
        payload: { text: 'Global once?' },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect((await send()).json()).toEqual(first.json());
    expect(await count('Global once?')).toBe(first.json().count);
  });

  it('refuses a malformed key', async () => {
    expect((await ask(asker, 'not a key', 'Malformed?')).statusCode).toBe(400);
  });
});
