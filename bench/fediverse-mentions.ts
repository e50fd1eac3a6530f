/**
 * `npm run bench:mentions`: 1,000 posts mentioning Askbox users, from 100 remote servers (each a
 * hand-built peer on loopback with its own key, signing as Mastodon does), sent in one burst; the
 * home feed's p99 while they arrive against its p99 without them, reported as a ratio. A script, not
 * a test: it prints numbers. On a throw-away database of the PostgreSQL at TEST_DATABASE_URL
 * (default: the local one).
 * Every mention is processed in full (limits raised): the worst case, not the rate-limited one.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.js';
import { testConfig } from '../packages/server/src/config.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { createThrowawayPostgres } from '../packages/server/src/db/throwaway.js';
import type { AppInstance } from '../packages/server/src/http/types.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../packages/server/src/test/handBuiltPeer.js';
import { startTlsServer, testCertificate, trustTestCertificate } from '../packages/server/src/test/tls.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/db/sql.js';
import { fixed, percentile } from './lib/stats.js';

const { values: args } = parseArgs({
  options: { servers: { type: 'string', default: '100' }, mentions: { type: 'string', default: '1000' }, reads: { type: 'string', default: '300' } },
});
const servers = Number(args.servers);
const mentions = Number(args.mentions);
const reads = Number(args.reads);
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

trustTestCertificate();
const tls = await startTlsServer();
const database = await createThrowawayPostgres(databaseUrl, 'askbox_bench_mentions');
await migrateDatabase(database);
const config = testConfig({
  webDistDir: '/nonexistent',
  publicUrl: tls.origin,
  // the inbox worker handles the queued mentions in the background, as in production
  federation: { enabled: true, worker: true, pollMs: 500, maxAttempts: 3, allowPrivateAddresses: true },
  remoteQuestionsPerServerPer10Min: 1_000_000,
});
config.rateLimits.questionsPer10Min = 1_000_000;
const app: AppInstance = await buildApp(config, database, { outboundNetwork: { ca: testCertificate } });
await app.ready();
tls.handle((req, res) => app.routing(req, res));

interface TestUser {
  id: string;
  username: string;
  cookie: string;
}
async function signUpUser(): Promise<TestUser> {
  const username = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const payload = { email: `${username}@example.test`, username, fullname: username, password: 'correct horse', repeatPassword: 'correct horse' };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode}`);
  const cookie = response.cookies.find((c) => c.name === 'askbox_session')!;
  return { id: (response.json() as { user: { id: string } }).user.id, username, cookie: `askbox_session=${cookie.value}` };
}
const apiAs = (user: TestUser) => ({
  get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie: user.cookie } }),
  post: (url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload }),
  patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers: { cookie: user.cookie }, payload }),
});

// ten public profiles to mention, and a reader whose home feed follows them (with answers in it)
const owners: TestUser[] = [];
for (let i = 0; i < 10; i++) {
  const owner = await signUpUser();
  await apiAs(owner).patch('/api/me/settings', { publicProfile: true });
  owners.push(owner);
}
const reader = await signUpUser();
const asker = await signUpUser();
for (const owner of owners) {
  await apiAs(reader).post(`/api/users/${owner.username}/follow`);
  for (let i = 0; i < 5; i++) {
    const { id } = (await apiAs(asker).post(`/api/users/${owner.username}/questions`, { text: `question ${i}?`, isAnonymous: true })).json() as { id: string };
    await apiAs(owner).post(`/api/questions/${id}/answer`, { answer: `answer ${i}` });
  }
}

const peers: HandBuiltPeer[] = [];
for (let i = 0; i < servers; i++) peers.push(await startHandBuiltPeer());

/** Feed read times, sorted; `started` (when given) gets each read's start time, in the order read. */
async function feedTimes(count: number, stopWhen?: () => boolean, started?: { at: number; ms: number }[]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count || (stopWhen && !stopWhen()); i++) {
    const start = performance.now();
    const response = await apiAs(reader).get('/api/feed');
    if (response.statusCode !== 200) throw new Error(`feed answered ${response.statusCode}`);
    times.push(performance.now() - start);
    started?.push({ at: start, ms: performance.now() - start });
    if (stopWhen?.() && i >= count) break;
  }
  return times.sort((a, b) => a - b);
}

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
function status(peer: HandBuiltPeer, owner: TestUser, n: number) {
  const actor = `${tls.origin}/ap/actors/${owner.id}`;
  const id = `${peer.origin}/users/mo/statuses/${n}`;
  const note = {
    id,
    type: 'Note',
    attributedTo: peer.actorUri,
    to: [PUBLIC],
    cc: [actor],
    content: `<p>@${owner.username} burst question ${n}?</p>`,
    tag: [{ type: 'Mention', href: actor }],
  };
  return {
    inbox: `${actor}/inbox`,
    activity: { '@context': 'https://www.w3.org/ns/activitystreams', id: `${id}/activity`, type: 'Create', actor: peer.actorUri, to: [PUBLIC], object: note },
  };
}

await feedTimes(30); // warm-up
const baseline = await feedTimes(reads);

const statuses = new Map<number, number>();
// a send that got no answer (status 0), by its error: the sender's own fetch, not our inbox
const failures = new Map<string, number>();
const failureOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
};
const burstStart = performance.now();
const burst = Promise.all(
  peers.map(async (peer, p) => {
    for (let i = 0; i < mentions / servers; i++) {
      const { inbox, activity } = status(peer, owners[(p + i) % owners.length]!, p * 1000 + i);
      const code = await peer.send(inbox, activity).catch((error: unknown) => {
        const key = failureOf(error);
        failures.set(key, (failures.get(key) ?? 0) + 1);
        return 0;
      });
      statuses.set(code, (statuses.get(code) ?? 0) + 1);
    }
  }),
);
// "during" lasts until every post is answered AND the inbox queue has handled them all
let drained = false;
let burstSeconds = 0;
const drain = (async () => {
  await burst;
  burstSeconds = (performance.now() - burstStart) / 1000;
  while ((await queryRows<{ n: number }>(app.ctx.db, sql`select count(*)::int as n from federation_inbox`))[0]!.n > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  drained = true;
})();
const feedReads = [] as { at: number; ms: number }[];
const during = await feedTimes(reads, () => drained, feedReads);
await drain;
const handledSeconds = (performance.now() - burstStart) / 1000;

const asked = (await queryRows<{ n: number }>(app.ctx.db, sql`select count(*)::int as n from remote_questions`))[0]!.n;
const received = await Promise.all(owners.map(async (owner) => ((await apiAs(owner).get('/api/me/inbox')).json() as { items: unknown[] }).items.length));
const p99 = (values: number[]) => percentile(values, 99);
console.log(
  `fediverse mentions: ${mentions} posts from ${servers} servers in ${fixed(burstSeconds)} s (${fixed(mentions / burstSeconds)}/s); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
);
if (failures.size > 0) console.log(`sends without an answer, by error: ${JSON.stringify(Object.fromEntries(failures))}`);
console.log(`every post handled by the inbox worker ${fixed(handledSeconds)} s after the burst began`);
console.log(`questions stored: ${asked} (every post answered 202 is one)`);
console.log(`inbox pages show ${received.reduce((a, b) => a + b, 0)} questions (first page per owner, 20 at most each)`);
console.log(`home feed without: p50 ${fixed(percentile(baseline, 50))} ms, p99 ${fixed(p99(baseline))} ms (${baseline.length} reads)`);
console.log(`home feed during:  p50 ${fixed(percentile(during, 50))} ms, p99 ${fixed(p99(during))} ms (${during.length} reads)`);
// the reads while the posts arrive (the inboxes' signature checks) and after, while the worker alone handles the queue
const burstEnd = burstStart + burstSeconds * 1000;
const arriving = feedReads
  .filter((r) => r.at < burstEnd)
  .map((r) => r.ms)
  .sort((a, b) => a - b);
const draining = feedReads
  .filter((r) => r.at >= burstEnd)
  .map((r) => r.ms)
  .sort((a, b) => a - b);
if (arriving.length > 0) console.log(`  while the posts arrive: p99 ${fixed(p99(arriving))} ms (${arriving.length} reads)`);
if (draining.length > 0) console.log(`  after, while the worker drains the queue: p99 ${fixed(p99(draining))} ms (${draining.length} reads)`);
console.log(
  `p99 ratio during/without: ${fixed(p99(during) / p99(baseline), 2)} (PostgreSQL, load average ${fixed(os.loadavg()[0]!)} on ${os.cpus().length} cores)`,
);

for (const peer of peers) await peer.close();
await app.close();
await database.drop();
await tls.close();
process.exit(0);
