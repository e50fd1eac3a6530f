/**
 * `npm run bench:mentions`: 1,000 posts mentioning Askbox users, from 100 remote servers (each a
 * hand-built peer on loopback with its own key, signing as Mastodon does), sent in one burst; the
 * home feed's p99 while they arrive against its p99 without them, reported as a ratio. The server
 * runs in this process, the 100 senders in another (lib/mentionSenders.ts), and TLS ends in a third
 * in front of it (lib/tlsFront.ts, as a reverse proxy ends it in production), so the server's event
 * loop carries only the server's work. A script, not a test: it prints numbers. On a throw-away
 * database of the PostgreSQL at TEST_DATABASE_URL (default: the local one). `--cpu-prof DIR`: a
 * CPU profile of the server's thread from the burst's start until the queue is empty, summarised.
 * Every mention is processed in full (limits raised): the worst case, not the rate-limited one.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.js';
import { testConfig } from '../packages/server/src/config.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { createThrowawayPostgres } from '../packages/server/src/db/throwaway.js';
import type { AppInstance } from '../packages/server/src/http/types.js';
import { testCertificate, trustTestCertificate } from '../packages/server/src/test/tls.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/db/sql.js';
import { fixed, percentile } from './lib/stats.js';
import { describeProfile } from './lib/cpuProfile.js';
import type { BurstRequest, SenderMessage } from './lib/mentionSenders.js';
import type { FrontMessage } from './lib/tlsFront.js';

const { values: args } = parseArgs({
  options: {
    servers: { type: 'string', default: '100' },
    mentions: { type: 'string', default: '1000' },
    reads: { type: 'string', default: '2000' },
    'cpu-prof': { type: 'string' },
  },
});
const servers = Number(args.servers);
const mentions = Number(args.mentions);
const reads = Number(args.reads);
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

trustTestCertificate();
// TLS ends in a process of its own in front of the app, as a reverse proxy ends it in production
const front = fork(fileURLToPath(new URL('./lib/tlsFront.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
const tls = await new Promise<FrontMessage>((resolve) => front.once('message', (message: FrontMessage) => resolve(message)));
const database = await createThrowawayPostgres(databaseUrl, 'askbox_bench_mentions');
await migrateDatabase(database);
const config = testConfig({
  webDistDir: '/nonexistent',
  publicUrl: tls.origin,
  // the inbox worker handles the queued mentions in the background, as in production
  federation: { ...testConfig().federation, enabled: true, worker: true, pollMs: 500, maxAttempts: 3, allowPrivateAddresses: true },
  remoteQuestionsPerServerPer10Min: 1_000_000,
});
config.rateLimits.questionsPer10Min = 1_000_000;
const app: AppInstance = await buildApp(config, database, { outboundNetwork: { ca: testCertificate } });
await app.ready();
const backend = http.createServer((req, res) => app.routing(req, res));
backend.keepAliveTimeout = 72_000;
await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
front.send({ backend: (backend.address() as AddressInfo).port });

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

// the 100 remote servers run in a process of their own: their signing and HTTP clients are not the server's work
const senders = fork(fileURLToPath(new URL('./lib/mentionSenders.ts', import.meta.url)), [String(servers)], { execArgv: ['--import', 'tsx'] });
const fromSenders = <T extends SenderMessage['type']>(type: T) =>
  new Promise<Extract<SenderMessage, { type: T }>>((resolve, reject) => {
    const onMessage = (message: SenderMessage) => {
      if (message.type !== type) return;
      senders.off('message', onMessage);
      resolve(message as Extract<SenderMessage, { type: T }>);
    };
    senders.on('message', onMessage);
    senders.once('exit', (code) => reject(new Error(`the senders' process exited (${code})`)));
  });
await fromSenders('ready');

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

await feedTimes(300); // warm-up: the feed's statements prepared and its code compiled before it is measured
// a server that federates has loaded Fedify long before a burst (it is loaded on first use: decision 195),
// and a remote server looks an account up (its actor document) before its users can mention it: the
// owners' keys exist before the burst, as they do when they are first read
for (const owner of owners) {
  const actorDocument = await app.inject({ method: 'GET', url: `/ap/actors/${owner.id}`, headers: { accept: 'application/activity+json' } });
  if (actorDocument.statusCode !== 200) throw new Error(`actor document answered ${actorDocument.statusCode}`);
}
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
let usage = process.resourceUsage();
let usageAt = performance.now();
const baseline = await feedTimes(reads);
/** This process's CPU time and involuntary context switches (preempted: another process took its core) per second since the last call. */
const usageSince = () => {
  const now = process.resourceUsage();
  const seconds = (performance.now() - usageAt) / 1000;
  const rates = {
    cpu: (now.userCPUTime + now.systemCPUTime - usage.userCPUTime - usage.systemCPUTime) / 1000 / seconds / 1000,
    preempted: (now.involuntaryContextSwitches - usage.involuntaryContextSwitches) / seconds,
  };
  usage = now;
  usageAt = performance.now();
  return rates;
};
const usageWithout = usageSince();
const loopDelayWithout = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
loopDelay.reset();

const profiler = args['cpu-prof'] ? new inspector.Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const burstStart = performance.now();
senders.send({ type: 'burst', origin: tls.origin, owners: owners.map(({ id, username }) => ({ id, username })), mentions } satisfies BurstRequest);
const burst = fromSenders('sent');
// "during" lasts until every post is answered AND the inbox queue has handled them all
let drained = false;
let burstSeconds = 0;
let sent: Extract<SenderMessage, { type: 'sent' }> | undefined;
const drain = (async () => {
  sent = await burst;
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
const usageDuring = usageSince();
const loopDelayDuring = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
loopDelay.disable();
// the feed without the burst, before it and again once the queue is empty: a tail measured in one
// short window alone moves with whatever else the machine does then
const quietAfter = await feedTimes(reads);
const without = [...baseline, ...quietAfter].sort((a, b) => a - b);
let profileLines: string[] = [];
/** What the server's thread does during the burst, each counted with everything it calls. */
const PROFILED: Record<string, RegExp> = {
  "inbox requests (the bridge's handler: signature check, queueing)": /^handleWithFedify /,
  '  the HTTP Signature check (Fedify verifyRequest)': /^verifyRequest /,
  '  the signer is the actor (checkOwner)': /^checkOwner /,
  '  storing the activity (queueIncoming)': /^queueIncoming /,
  'the inbox worker (one activity: read, replayed to the listeners)': /^receive .*federation\/engine\.ts/,
  'the home feed reads (inject)': /^inject /,
  'JSON-LD (jsonld.js), wherever called': /node_modules\/jsonld\//,
  'Fedify vocabulary fromJsonLd, wherever called': /^(fromJsonLd|__fromJsonLd__\w*) /,
  'the PostgreSQL client (pg, pg-protocol)': /node_modules\/pg(-protocol|-pool)?\//,
  'TLS and HTTP (node internals)': /node:(_tls|tls|https|_http|http)/,
  'garbage collection': /^\(garbage collector\) /,
};
if (profiler && args['cpu-prof']) {
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  fs.mkdirSync(args['cpu-prof'], { recursive: true });
  const file = path.join(args['cpu-prof'], `mentions-${Date.now()}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  profileLines = describeProfile(file, PROFILED);
}

const asked = (await queryRows<{ n: number }>(app.ctx.db, sql`select count(*)::int as n from remote_questions`))[0]!.n;
const received = await Promise.all(owners.map(async (owner) => ((await apiAs(owner).get('/api/me/inbox')).json() as { items: unknown[] }).items.length));
const p99 = (values: number[]) => percentile(values, 99);
console.log(
  `fediverse mentions: ${mentions} posts from ${servers} servers (in a process of their own) in ${fixed(burstSeconds)} s (${fixed(mentions / burstSeconds)}/s); statuses ${JSON.stringify(sent!.statuses)}`,
);
if (Object.keys(sent!.failures).length > 0) console.log(`sends without an answer, by error: ${JSON.stringify(sent!.failures)}`);
console.log(`every post handled by the inbox worker ${fixed(handledSeconds)} s after the burst began`);
console.log(`questions stored: ${asked} (every post answered 202 is one)`);
console.log(`inbox pages show ${received.reduce((a, b) => a + b, 0)} questions (first page per owner, 20 at most each)`);
console.log(
  `home feed without: p50 ${fixed(percentile(without, 50))} ms, p99 ${fixed(p99(without))} ms (${without.length} reads; before the burst p99 ${fixed(p99(baseline))} ms, after it ${fixed(p99(quietAfter))} ms)`,
);
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
if (arriving.length > 0)
  console.log(`  while the posts arrive: p99 ${fixed(p99(arriving))} ms (${arriving.length} reads; ${fixed(p99(arriving) / p99(without), 2)} × without)`);
if (draining.length > 0)
  console.log(
    `  after, while the worker drains the queue: p99 ${fixed(p99(draining))} ms (${draining.length} reads; ${fixed(p99(draining) / p99(without), 2)} × without)`,
  );
console.log(
  `the server's event loop delay: p99 ${fixed(loopDelayWithout.p99)} ms without (max ${fixed(loopDelayWithout.max)}), ${fixed(loopDelayDuring.p99)} ms during (max ${fixed(loopDelayDuring.max)})`,
);
console.log(
  `the server's process: ${fixed(usageWithout.cpu * 100, 0)} % of a core and ${fixed(usageWithout.preempted, 0)} preemptions/s without, ${fixed(usageDuring.cpu * 100, 0)} % and ${fixed(usageDuring.preempted, 0)}/s during; the senders' process: ${fixed((sent!.cpuSeconds / burstSeconds) * 100, 0)} % of a core while sending`,
);
for (const line of profileLines) console.log(line);
console.log(
  `p99 ratio during/without: ${fixed(p99(during) / p99(without), 2)} (PostgreSQL, load average ${fixed(os.loadavg()[0]!)} on ${os.cpus().length} cores)`,
);

senders.send({ type: 'close' });
await app.close();
await database.drop();
front.send({ type: 'close' });
backend.closeAllConnections();
backend.close();
process.exit(0);
