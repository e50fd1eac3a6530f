import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { federationInbox } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { claimDue, runOutboxBatch, type OutboxOutcome } from '../../outbox/batch.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { arrivalIds, INBOX_LANES, INBOX_LANES_PER_SERVER, queueIncoming, type IncomingRow } from './queue.js';
import { serverOf } from '../servers/remoteServers.js';

/**
 * The inbox queue's batches (decision 329): several senders at once, each sender's activities in
 * the order they arrived, a failure holding back its sender's later ones, and rows of a crashed
 * worker handled again once their lease lapses. Rows are written as the inbox writes them; the
 * handler records what it is handed instead of replaying it to Fedify (the replay itself is proven
 * end to end by the federation tests).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.ctx.db.delete(federationInbox);
});

const MAX_ATTEMPTS = 5;
const roomy = { perActor: 1000, perServer: 1000 };
const arrivalId = arrivalIds();
/** Queues `count` activities of the account `name` (on a server of its own unless `server`), one statement each as the inbox does, numbered in the body. */
async function queue(name: string, count: number, server = `${name}.example`, limits = roomy): Promise<boolean[]> {
  const queued: boolean[] = [];
  for (let n = 0; n < count; n++) {
    const signer = `https://${server}/users/${name}`;
    queued.push(await queueIncoming(t.ctx.db, { path: '/ap/inbox', headers: new Headers(), body: `${name} ${n}`, signer }, limits, arrivalId));
  }
  return queued;
}
const pending = async () =>
  (await queryRows<{ body: string }>(t.ctx.db, sql`select body from federation_inbox order by created_at, id`)).map((row) => row.body);

/**
 * Records what it is handed. Once `company` is set, the handler in flight waits (once, up to 5 s) for
 * INBOX_LANES handlers to run beside it, so "how many at most" does not depend on how fast a loaded
 * machine starts them.
 */
function recorder(outcomeOf: (row: IncomingRow) => OutboxOutcome = () => ({ done: true }), company = false) {
  const handled: string[] = [];
  let running = 0;
  let most = 0;
  let wantCompany = company;
  const joined: Array<() => void> = [];
  return {
    handled,
    most: () => most,
    expectCompany() {
      wantCompany = true;
    },
    async send(row: IncomingRow): Promise<OutboxOutcome> {
      most = Math.max(most, ++running);
      if (wantCompany && running >= INBOX_LANES) {
        wantCompany = false;
        joined.splice(0).forEach((join) => join());
      } else if (wantCompany) {
        await new Promise<void>((resolve) => {
          joined.push(resolve);
          setTimeout(resolve, 5_000);
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      handled.push(row.body);
      running--;
      return outcomeOf(row);
    },
  };
}
const batch = (send: (row: IncomingRow) => Promise<OutboxOutcome>, busy?: () => boolean) =>
  runOutboxBatch<IncomingRow>(
    {
      db: t.ctx.db,
      table: federationInbox,
      name: 'federation inbox',
      maxAttempts: MAX_ATTEMPTS,
      deleteWhenFinished: true,
      // as runInboxBatch has them
      lanes: { column: 'signer', concurrency: INBOX_LANES, busy, groups: { of: (signer) => serverOf(signer)!, perGroup: INBOX_LANES_PER_SERVER } },
    },
    send,
  );

describe('the inbox queue in batches', () => {
  it('handles several senders at once, each sender in the order its activities arrived', async () => {
    for (const signer of ['a', 'b', 'c', 'd', 'e', 'f']) await queue(signer, 3);
    const seen = recorder(undefined, true);
    expect(await batch((row) => seen.send(row))).toBe(18);
    expect(seen.handled).toHaveLength(18);
    expect(seen.most()).toBe(INBOX_LANES);
    for (const signer of ['a', 'b', 'c', 'd', 'e', 'f']) {
      expect(seen.handled.filter((body) => body.startsWith(`${signer} `))).toEqual([`${signer} 0`, `${signer} 1`, `${signer} 2`]);
    }
    expect(await pending()).toEqual([]);
  });

  it('while the app answers requests of its own, one activity at a time; all of them at the pace of the lanes again once it is idle', async () => {
    for (const signer of ['a', 'b', 'c', 'd', 'e', 'f']) await queue(signer, 2);
    let appRequests = 1;
    const seen = recorder();
    const pass = batch(
      (row) => {
        // the app's request is answered meanwhile
        if (seen.handled.length === 3 && appRequests > 0) {
          appRequests = 0;
          seen.expectCompany();
        }
        return seen.send(row);
      },
      () => appRequests > 0,
    );
    expect(await pass).toBe(12);
    expect(seen.handled).toHaveLength(12);
    expect(seen.most()).toBe(INBOX_LANES);
    for (const signer of ['a', 'b', 'c', 'd', 'e', 'f'])
      expect(seen.handled.filter((body) => body.startsWith(`${signer} `))).toEqual([`${signer} 0`, `${signer} 1`]);

    await queue('g', 2);
    await queue('h', 2);
    await queue('i', 2);
    const busy = recorder();
    expect(
      await batch(
        (row) => busy.send(row),
        () => true,
      ),
    ).toBe(6);
    expect(busy.most()).toBe(1);
  });

  it('while the app answers requests of its own, rests after each activity as long as it took', async () => {
    await queue('a', 2);
    await queue('b', 1);
    const spans: { body: string; start: number; end: number }[] = [];
    const handled = await batch(
      async (row) => {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
        spans.push({ body: row.body, start, end: performance.now() });
        return { done: true };
      },
      () => true,
    );
    expect(handled).toBe(3);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) {
      const took = spans[i - 1]!.end - spans[i - 1]!.start;
      // a timer may fire up to a millisecond before performance.now() says it is due
      expect(spans[i]!.start - spans[i - 1]!.end).toBeGreaterThanOrEqual(took - 1);
    }
  });

  it("a sender's activity to be retried holds back its later ones; other senders go on", async () => {
    await queue('a', 3);
    await queue('b', 2);
    const seen = recorder((row) => (row.body === 'a 0' ? { retry: 'their server answered 503' } : { done: true }));
    await batch((row) => seen.send(row));
    expect(seen.handled.sort()).toEqual(['a 0', 'b 0', 'b 1']);
    expect(await pending()).toEqual(['a 0', 'a 1', 'a 2']);
    // a's later ones were given back without an attempt counted, and wait behind 'a 0' and its backoff
    const attempts = await queryRows<{ body: string; attempts: number }>(t.ctx.db, sql`select body, attempts from federation_inbox order by body`);
    expect(attempts).toEqual([
      { body: 'a 0', attempts: 1 },
      { body: 'a 1', attempts: 0 },
      { body: 'a 2', attempts: 0 },
    ]);
    expect(await batch((row) => seen.send(row))).toBe(0);

    // once 'a 0' is due again and handled, the rest follow in order
    await t.ctx.db.execute(sql`update federation_inbox set next_attempt_at = now() where body = 'a 0'`);
    const again = recorder();
    expect(await batch((row) => again.send(row))).toBe(3);
    expect(again.handled).toEqual(['a 0', 'a 1', 'a 2']);
    expect(await pending()).toEqual([]);
  });

  it("rows of a worker that crashed come back after the lease, and meanwhile their senders' later rows wait", async () => {
    await queue('a', 2);
    // a worker claims 'a 0' and dies before handling it
    const [claimed] = await claimDue<IncomingRow>(t.ctx.db, federationInbox, { maxAttempts: MAX_ATTEMPTS, batch: 1, laneColumn: 'signer' });
    expect(claimed!.body).toBe('a 0');
    await queue('b', 1);
    const seen = recorder();
    await batch((row) => seen.send(row));
    expect(seen.handled).toEqual(['b 0']);
    expect(await pending()).toEqual(['a 0', 'a 1']);

    // the lease lapses: 'a 0' is claimed again, then 'a 1'
    await t.ctx.db.execute(sql`update federation_inbox set next_attempt_at = now() - interval '1 second' where body = 'a 0'`);
    const after = recorder();
    await batch((row) => after.send(row));
    expect(after.handled).toEqual(['a 0', 'a 1']);
    expect(await pending()).toEqual([]);
  });

  it('two workers claiming at once never take the same row', async () => {
    for (const signer of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await queue(signer, 4);
    const first = recorder();
    const second = recorder();
    await Promise.all([batch((row) => first.send(row)), batch((row) => second.send(row))]);
    while ((await batch((row) => first.send(row))) > 0);
    const all = [...first.handled, ...second.handled];
    expect(all).toHaveLength(32);
    expect(new Set(all).size).toBe(32);
  });

  it("one server's senders take at most two lanes: another server's activity is handled while theirs hang", async () => {
    for (const name of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) await queue(name, 1, 'hanging.example');
    await queue('legit', 1);
    const hanging: string[] = [];
    let answer!: () => void;
    const theirServerAnswers = new Promise<void>((resolve) => (answer = resolve));
    let legitHandledWhileHanging = -1;
    const pass = batch(async (row) => {
      if (row.body === 'legit 0') {
        // lanes start in any order on a loaded machine: give the hanging server's lanes time to start
        // (up to 5 s), and a moment more in which a third would start if the rule were broken
        for (let waited = 0; hanging.length < INBOX_LANES_PER_SERVER && waited < 5_000; waited += 10) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
        legitHandledWhileHanging = hanging.length;
        answer();
        return { done: true };
      }
      hanging.push(row.body);
      await theirServerAnswers;
      return { done: true };
    });
    expect(await pass).toBe(7);
    // the legitimate activity went while two of the hanging server's were under way
    expect(legitHandledWhileHanging).toBe(INBOX_LANES_PER_SERVER);
    expect(hanging).toHaveLength(6);
    expect(await pending()).toEqual([]);
  });

  it('refuses past the share of one account and of one server, storing nothing', async () => {
    const limits = { perActor: 3, perServer: 5 };
    expect(await queue('a', 4, 'busy.example', limits)).toEqual([true, true, true, false]);
    expect(await queue('b', 3, 'busy.example', limits)).toEqual([true, true, false]);
    // another server has its own share
    expect(await queue('c', 3, 'quiet.example', limits)).toEqual([true, true, true]);
    expect(await pending()).toEqual(['a 0', 'a 1', 'a 2', 'b 0', 'b 1', 'c 0', 'c 1', 'c 2']);
    // once handled, the share is free again
    const seen = recorder();
    while ((await batch((row) => seen.send(row))) > 0);
    expect(await queue('a', 1, 'busy.example', limits)).toEqual([true]);
  });
});
