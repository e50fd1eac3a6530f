import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/migrate.js';
import { openEventStream } from '../test/notificationFixtures.js';
import { client, signUp, sleep, startAskbox, until, type AskboxProcess } from './askboxProcess.js';
import { createPrivatePostgres, type PrivatePostgres } from './privatePostgres.js';

/**
 * Two instances on a PostgreSQL of the test's own, under a write load, while the database is
 * stopped, restarted and its backends killed: no instance exits, no acknowledged write is lost,
 * requests meanwhile get 503 with Retry-After, writes go through again once it is back, and live
 * streams are told to refetch and get events again.
 */
let postgres: PrivatePostgres;
const servers: AskboxProcess[] = [];

beforeAll(async () => {
  postgres = await createPrivatePostgres();
  postgres.psql('create database askbox');
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.remove();
});

const occurrences = (text: string, part: string) => text.split(part).length - 1;
/** Every LISTEN connection this instance lost is back (its log says so). */
const listensAgain = (server: AskboxProcess) =>
  occurrences(server.log(), 'live events connection back') >= occurrences(server.log(), 'live events connection lost');

describe('the database goes away and comes back', () => {
  it('instances started before it wait, then ride out restarts and killed connections without losing a write', async () => {
    // started while the database is down: each waits and says so
    postgres.stop();
    const env = { DATABASE_URL: postgres.url('askbox'), PUSH_WORKER: 'on', EMAIL_WORKER: 'on' };
    servers.push(await startAskbox(env), await startAskbox(env));
    const [a, b] = servers as [AskboxProcess, AskboxProcess];
    await until(async () => a.log().includes('does not answer') && b.log().includes('does not answer'), 'the instances to say they wait');
    postgres.start();
    await Promise.all([a.healthy(), b.healthy()]);

    const receiver = await signUp(a.base, 'receiver');
    const askers = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => signUp(n % 2 ? b.base : a.base, `asker${n}`)));
    const stream = openEventStream(`${a.base}/api/events`, receiver.cookie);
    expect(await stream.ready).toBe(200);

    // the load: each asker asks again and again, half through each instance
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let unavailableWithoutRetryAfter = 0;
    let running = true;
    const load = askers.map(async (asker, n) => {
      const ask = client(n % 2 ? b.base : a.base, asker.cookie);
      for (let i = 0; running; i++) {
        const response = await ask('/api/users/receiver/questions', { text: `Question ${n}.${i}`, isAnonymous: true });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        else {
          if (response.status === 503 && !response.headers.get('retry-after')) unavailableWithoutRetryAfter += 1;
          await response.body?.cancel();
          await sleep(100);
        }
      }
    });
    const acknowledgedSoFar = acknowledged.length;
    await until(async () => acknowledged.length >= acknowledgedSoFar + 20, 'writes before the faults');

    // every connection of the database cut, idle or busy, the LISTEN ones too
    postgres.psql(`select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = 'askbox' and pid <> pg_backend_pid()`);
    let before = acknowledged.length;
    await until(async () => acknowledged.length >= before + 20, 'writes after the killed connections');
    // an operator's restart, then an outage of a few seconds
    postgres.restart();
    before = acknowledged.length;
    await until(async () => acknowledged.length >= before + 20, 'writes after the restart');
    postgres.stop();
    await sleep(4000);
    postgres.start();
    before = acknowledged.length;
    // once it is back, writes go through both instances again
    await until(async () => acknowledged.length >= before + 20, 'writes after the outage');
    running = false;
    await Promise.all(load);

    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    // nothing but successes and 503s (with Retry-After) while the database was away
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(unavailableWithoutRetryAfter).toBe(0);
    const stored = new Set(postgres.psql('select id from questions', 'askbox').split('\n').filter(Boolean));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // the LISTEN gap: the stream was told to refetch, and live events arrive again
    expect(stream.ended).toBe(false);
    // the LISTEN connections come back on their own backoff, at most a few seconds after the pool;
    // until then events are missed, and the stream is told to refetch when they are back
    await until(async () => listensAgain(a) && listensAgain(b), 'both instances to listen again', 30_000);
    await until(async () => stream.events.some((event) => event.type === 'resync'), 'the stream to be told to refetch', 10_000);
    const questionsSeen = stream.events.filter((event) => event.type === 'question').length;
    expect((await client(b.base, askers[1]!.cookie)('/api/users/receiver/questions', { text: 'After it all', isAnonymous: true })).status).toBe(201);
    await until(async () => stream.events.filter((event) => event.type === 'question').length > questionsSeen, 'a live event after the restart', 30_000);
    stream.close();
    console.log(
      `database restart: ${acknowledged.length} acknowledged questions, all stored; statuses ${JSON.stringify(Object.fromEntries(statuses))}; both instances up`,
    );
  });

  it('eight instances starting at once on an empty database all come up, with the whole schema', async () => {
    postgres.psql('create database empty_start');
    const starting = await Promise.all(
      Array.from({ length: 8 }, () => startAskbox({ DATABASE_URL: postgres.url('empty_start'), PUSH_WORKER: 'off', EMAIL_WORKER: 'off' })),
    );
    servers.push(...starting);
    await Promise.all(starting.map((server) => server.healthy(300_000)));
    const applied = Number(postgres.psql('select count(*) from drizzle.__drizzle_migrations', 'empty_start'));
    const { entries } = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied).toBe(entries.length);
    expect(postgres.psql(`select count(*) from pg_extension where extname = 'pg_trgm'`, 'empty_start').trim()).toBe('1');
    await Promise.all(starting.map((server) => server.stop()));
    expect(starting.map((server) => server.child.exitCode)).toEqual(Array(8).fill(0));
  });
});
