/**
 * `npm run bench`: the server under load over real HTTP against the same SQL, bare.
 * See docs/benchmarks.md for what it measures, the options and the last results.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { openDatabase, type Database } from '../packages/server/src/db/open.js';
import { driverReplay, pgbenchReplay, preparedReplay, throughputOf, type BareSlice, type Throughput } from './lib/bare.js';
import { pgliteRunner, pgRunner, StatementRecorder } from './lib/capture.js';
import { summariseCpuProfile } from './lib/cpuProfile.js';
import { explainReadPaths, type Explained } from './lib/explain.js';
import { likeToggleSequence, pickLikePairs, type LikePair } from './lib/likes.js';
import { cycle, HttpLoad, httpLoad, type LoadResult, type Step } from './lib/load.js';
import { bareTurnInProcess } from './lib/bareProcess.js';
import { captureReadPaths, type ReadPath } from './lib/paths.js';
import { startServer, type HeapReading, type RunningServer } from './lib/server.js';
import { sseFanOut, timeGlobalQuestion, type FanOutResult } from './lib/sse.js';
import { fixed } from './lib/stats.js';
import { askSequence, cleanUp, pickSubjects, settleLikeCounts, type Subjects } from './lib/subjects.js';
import { stopChildren } from './lib/children.js';

const READ_PATHS = ['feed1', 'feed2', 'profile', 'profileHeavy', 'searchNarrow', 'searchBroad', 'recommended', 'inbox'];
const ALL = [...READ_PATHS, 'like', 'ask', 'sse', 'global'];

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    slice: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '8' },
    viewers: { type: 'string' },
    'sse-clients': { type: 'string' },
    'sse-answers': { type: 'string' },
    only: { type: 'string' },
    skip: { type: 'string', default: '' },
    bare: { type: 'string' },
    explain: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'cpu-prof-path': { type: 'string', default: 'feed1' },
    'log-level': { type: 'string', default: 'warn' },
    out: { type: 'string' },
  },
});

const quick = args.quick;
const settings = {
  /** measured seconds of each side (API, bare SQL) of a read path, and of each write scenario */
  seconds: Number(args.seconds ?? (quick ? 6 : 15)),
  /** a read path's API and bare SQL take turns in slices this long (pgbench's -T: whole seconds) */
  slice: Number(args.slice ?? (quick ? 2 : 3)),
  /**
   * load not counted before each side's first slice of a path (PostgreSQL: a quick run measures a
   * warm server too). PGlite counts from a cold start: what a freshly restarted instance serves.
   */
  warmup: Number(args.warmup ?? (args.pglite ? 0 : 3)),
  connections: Number(args.connections),
  viewers: Number(args.viewers ?? (quick ? 50 : 100)),
  sseClients: Number(args['sse-clients'] ?? (quick ? 200 : 1000)),
  sseAnswers: Number(args['sse-answers'] ?? (quick ? 3 : 10)),
};
const selected = new Set((args.only ? args.only.split(',') : ALL).filter((s) => !args.skip.split(',').includes(s)));
for (const s of selected) if (!ALL.includes(s)) throw new Error(`unknown scenario '${s}' (scenarios: ${ALL.join(', ')})`);

const databaseUrl = args.pglite ? undefined : (args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
const dataDir = args['data-dir'] ?? process.env.DATA_DIR ?? './data';
if (!args.pglite && !databaseUrl) throw new Error('set DATABASE_URL (or --database-url), or pass --pglite to use DATA_DIR');
/**
 * How the bare side replays the server's SQL: the first way is the one each ratio is taken
 * against; any other is measured in the same turns and reported beside it. `prepared`: the fair
 * one (the server's named statements over warm connections, bench/lib/bare.ts); `pgbench`:
 * pgbench's simple protocol, every statement planned, new connections each slice; `driver`: the
 * driver's unnamed queries.
 */
const BARE_MODES = ['prepared', 'pgbench', 'driver'];
const bareModes = (args.bare ?? 'prepared').split(',').filter((m) => m !== 'none');
for (const m of bareModes) if (!BARE_MODES.includes(m)) throw new Error(`unknown --bare '${m}' (${[...BARE_MODES, 'none'].join(', ')})`);
if (args.pglite && bareModes.includes('pgbench')) throw new Error('--bare pgbench needs PostgreSQL');
const bareMode = bareModes.join(' and ') || 'none';
const rounds = Math.max(1, Math.ceil(settings.seconds / settings.slice));
const log = (line: string) => console.log(line);

const openBenchDatabase = () => openDatabase({ databaseUrl, dataDir });

interface Row {
  name: string;
  label: string;
  api?: LoadResult;
  /** the fair replay's (the first of --bare) */
  bare?: Throughput;
  /** API ÷ bare of each turn, in order: the spread */
  turnRatios?: number[];
  /** the other ways of --bare, measured in the same turns */
  otherBare?: Record<string, Throughput>;
}

const rows: Row[] = [];
let sse: FanOutResult | undefined;
let globalQuestion: { seconds: number; count: number } | undefined;
let chunked: Throughput | undefined;
let explained: Explained[] = [];
let idleRssMb = NaN;

log(
  `Askbox server benchmark on ${args.pglite ? `PGlite (${dataDir})` : 'PostgreSQL'} — ${settings.connections} connections, read paths in ${rounds} turns of ${settings.slice} s API then ${settings.slice} s bare SQL (+${settings.warmup} s warm-up), bare SQL by ${bareMode}`,
);
const loadAtStart = os.loadavg();
log(
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start`,
);

// What the run wrote is removed whatever happens: at its end, after an error, or on a signal.
const madeSessions: string[] = [];
let likePairs: LikePair[] = [];
const servers = new Set<RunningServer>();
/** The database while it is open in this process (PGlite: not while the server has it). */
let openHere: Database | undefined;
let cleanedUp = false;
async function cleanUpRun(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const s of servers) await s.stop();
  // and any process still starting (a server before it answers, a bare replay): none may keep the database
  await stopChildren();
  const database = openHere ?? (await openBenchDatabase());
  openHere = undefined;
  try {
    await cleanUp(database.db, madeSessions, likePairs);
  } finally {
    await database.close();
  }
}
// once a signal is cleaning up, the run's own failures that follow (a server it stopped while
// starting) are expected: the clean-up finishes and sets the exit code
let stopping = false;
process.on('uncaughtException', (error) => {
  if (stopping) return;
  console.error(error);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stopping = true;
    log(`${signal}: removing what the run wrote, then stopping`);
    void cleanUpRun()
      .catch((error: unknown) => console.error('clean-up failed:', error))
      .finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}
async function openHereNow(): Promise<Database> {
  return (openHere = await openBenchDatabase());
}
async function closeHere(): Promise<void> {
  const database = openHere;
  openHere = undefined;
  await database?.close();
}
async function startBenchServer(cpuProfDir?: string): Promise<RunningServer> {
  const started = await startServer({ databaseUrl, dataDir: args.pglite ? dataDir : undefined, logLevel: args['log-level'], cpuProfDir });
  servers.add(started);
  const stop = started.stop.bind(started);
  started.stop = async () => {
    await stop();
    servers.delete(started);
  };
  return started;
}

// 1. With the database open in this process: subjects, sessions, and the server's SQL per request.
let database: Database = await openHereNow();
// the server's SQL is captured here before the server starts: a database seeded before a new
// migration gets it now, as the server would at its start
await migrateDatabase(database);
await settleLikeCounts(database.db);
const recorder = new StatementRecorder(database);
let subjects: Subjects;
try {
  subjects = await pickSubjects(database, settings, madeSessions);
} catch (error) {
  await cleanUpRun();
  throw error;
}
log(
  `dataset: ${Object.entries(subjects.info.counts)
    .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
    .join(', ')} (seeded ${subjects.info.createdAt.slice(0, 10)})`,
);
if (database.kind === 'postgres') {
  // some machines run PostgreSQL with autovacuum off: the write paths then slow down run after run
  // as a liked answer's old row versions pile up, until a VACUUM (measured: 1,623 → 623 toggles/s in eight runs)
  const { rows } = await database.pool.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0]?.autovacuum !== 'on')
    log('  note: autovacuum is off on this PostgreSQL server (its default is on): write paths slow down run after run until a VACUUM');
}
let paths: ReadPath[] = [];
try {
  paths = await captureReadPaths(database.db, recorder, subjects, log);
  likePairs = await pickLikePairs(database.db, subjects.viewers);
  log(
    `  like toggle: ${likePairs.length} viewers, ${new Set(likePairs.map((p) => p.questionId)).size} distinct answers, ${new Set(likePairs.map((p) => p.ownerId)).size} distinct owners`,
  );
  const runner = database.kind === 'pglite' ? pgliteRunner(database.pglite) : pgRunner(database.pool as never);
  if (args.explain) {
    const exec = (s: { text: string }) =>
      (database.kind === 'pglite' ? database.pglite.query(s.text) : database.pool.query(s.text)) as Promise<{ rows: { 'QUERY PLAN': string }[] }>;
    explained = await explainReadPaths(
      database.db,
      recorder,
      paths.filter((p) => ['feed1', 'feed2', 'profileHeavy', 'searchNarrow', 'searchBroad', 'recommended', 'feedChunked'].includes(p.name)),
      exec,
      runner,
    );
    writeExplain(args.explain, explained);
    log(`  EXPLAIN (ANALYZE, BUFFERS) of ${explained.length} statements written to ${args.explain}`);
  }
} catch (error) {
  await cleanUpRun();
  throw error;
}
// PGlite: one process at a time, so the server may only open it once we closed it
if (database.kind === 'pglite') await closeHere();

/** GET requests of one read path, cycling through its viewers. */
function readSequence(p: ReadPath): Step[] {
  const next = cycle(p.requests);
  return [
    () => {
      const r = next();
      return { method: 'GET', path: r.path, cookie: r.viewer.cookie };
    },
  ];
}

// 2. The read paths, API and bare SQL in turns: a slice of one, a slice of the other, `rounds`
//    times, so that the drift of a shared machine falls on both sides of each ratio. PostgreSQL:
//    one server, a path's slices in turns. PGlite belongs to one process at a time, so a turn is a
//    pass over every path: bare SQL with the database open here, then the API with the server
//    started on it (warmed again: a new process).
const measured = paths.filter((p) => p.name !== 'feedChunked' && selected.has(p.name) && p.requests.length > 0);
const chunkedPath = paths.find((p) => p.name === 'feedChunked');
/** What is replayed bare beside a path: the path itself, and the chunked pattern beside page 1 of the feed. */
const bareTargets = (p: ReadPath): ReadPath[] => [p, ...(p.name === 'feed1' && chunkedPath && chunkedPath.requests.length > 0 ? [chunkedPath] : [])];
const apiLoads = new Map<string, HttpLoad>();
const bareSlices = new Map<string, BareSlice[]>();
const loadOptions = { connections: settings.connections, seconds: settings.seconds, warmup: settings.warmup };
let server: RunningServer | undefined;
try {
  if (database.kind === 'postgres') {
    server = await startBenchServer();
    idleRssMb = server.rssMb();
    for (const p of measured) {
      for (let turn = 0; turn < rounds; turn++) {
        await apiSlice(p, server, turn === 0 ? settings.warmup : 0);
        for (const mode of bareModes) for (const target of bareTargets(p)) await bareSlice(mode, target, database, turn === 0 ? settings.warmup : 0);
      }
      await reportPath(p, server);
    }
  } else {
    // a turn from a cold start on each side: the fair replay in a process started for the turn on
    // the database just opened (an empty buffer pool, nothing parsed or compiled), then the server
    // started on it
    const jobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-bench-'));
    const inProcessModes = bareModes.filter((m) => m !== 'prepared');
    for (let turn = 0; turn < rounds; turn++) {
      if (bareModes.includes('prepared')) {
        const job = { dataDir, connections: settings.connections, slice: settings.slice, warmup: settings.warmup, paths: measured.flatMap(bareTargets) };
        for (const [name, slice] of await bareTurnInProcess(job, path.join(jobDir, 'job.json')))
          bareSlices.set(`prepared:${name}`, [...(bareSlices.get(`prepared:${name}`) ?? []), slice]);
      }
      if (inProcessModes.length > 0) {
        database = await openHereNow();
        for (const p of measured)
          for (const mode of inProcessModes) for (const target of bareTargets(p)) await bareSlice(mode, target, database, settings.warmup);
        await closeHere();
      }
      server = await startBenchServer();
      if (turn === 0) idleRssMb = server.rssMb();
      for (const p of measured) await apiSlice(p, server, settings.warmup);
      if (turn < rounds - 1) {
        await server.stop();
        server = undefined;
      }
    }
    fs.rmSync(jobDir, { recursive: true, force: true });
    for (const p of measured) await reportPath(p, server!);
  }
  server ??= await startBenchServer();
  if (selected.has('like') && likePairs.length > 0) {
    const result = await httpLoad(server, likeToggleSequence(likePairs), loadOptions);
    rows.push({ name: 'like', label: 'like toggle (like, unlike)', api: result });
    await settle(server);
    log(
      `  API like toggle: ${fixed(result.rps, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${fixed(result.cpuMsPerRequest, 2)} ms/request, RSS ≤ ${fixed(result.rssMaxMb, 0)} MB (${heapText(result.heapAfter)})${errorsOf(result)}`,
    );
  }
  if (selected.has('ask')) {
    const result = await httpLoad(server, askSequence(subjects), loadOptions);
    rows.push({ name: 'ask', label: 'ask a question', api: result });
    await settle(server);
    log(
      `  API ask: ${fixed(result.rps, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${fixed(result.cpuMsPerRequest, 2)} ms/request, RSS ≤ ${fixed(result.rssMaxMb, 0)} MB (${heapText(result.heapAfter)})${errorsOf(result)}`,
    );
  }
  if (selected.has('sse')) {
    sse = await sseFanOut(server, subjects.sseAnswerer, subjects.sseFollowers, subjects.admin, settings.sseAnswers);
    log(`  SSE fan-out to ${sse.clients} clients: p50 ${fixed(sse.p50)} ms, p99 ${fixed(sse.p99)} ms, last client p50 ${fixed(sse.lastP50)} ms`);
  }
  if (selected.has('global')) {
    globalQuestion = await timeGlobalQuestion(server, subjects.admin);
    log(`  global question to ${globalQuestion.count.toLocaleString('en')} users: ${fixed(globalQuestion.seconds, 2)} s`);
  }
} catch (error) {
  await cleanUpRun();
  throw error;
} finally {
  await server?.stop();
}

// 3. Optional: a CPU profile of the server while it serves page 1 of the feed.
let profileLines: string[] = [];
if (args['cpu-prof']) {
  const dir = path.resolve(args['cpu-prof']);
  fs.mkdirSync(dir, { recursive: true });
  const before = new Set(fs.readdirSync(dir));
  const profiledServer = await startBenchServer(dir);
  const profiled = args['cpu-prof-path'];
  const profiledPath = paths.find((p) => p.name === profiled);
  if (profiled !== 'like' && profiled !== 'ask' && !profiledPath) throw new Error(`--cpu-prof-path: '${profiled}' is not a read path, 'like' or 'ask'`);
  const sequence = profiledPath ? readSequence(profiledPath) : profiled === 'ask' ? askSequence(subjects) : likeToggleSequence(likePairs);
  const profiledLabel = profiledPath?.label ?? (profiled === 'ask' ? 'ask a question' : 'like toggle (like, unlike)');
  let result: LoadResult;
  const loadStarted = performance.now();
  let loadEnded = loadStarted;
  try {
    result = await httpLoad(profiledServer, sequence, loadOptions);
    loadEnded = performance.now();
  } catch (error) {
    await cleanUpRun();
    throw error;
  } finally {
    await profiledServer.stop();
  }
  // only the samples taken while the load ran (not start-up, not shutdown)
  const tailMs = performance.now() - loadEnded;
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && !before.has(f));
  if (file) {
    const summary = summariseCpuProfile(path.join(dir, file), { windowMs: loadEnded - loadStarted, tailMs });
    const cpuMsPerRequest = (summary.totalMs - summary.idleMs) / (result.requests * (1 + settings.warmup / settings.seconds));
    profileLines = [
      `CPU profile of the server serving '${profiledLabel}' (${path.join(dir, file)}):`,
      `  ${fixed(result.rps, 0)} req/s; busy ${fixed((summary.totalMs - summary.idleMs) / 1000, 1)} s of ${fixed(summary.totalMs / 1000, 1)} s ≈ ${fixed(cpuMsPerRequest, 2)} ms of server CPU per request (warm-up and measured run, start-up excluded)`,
      '  by package (self time):',
      ...summary.packages.slice(0, 15).map((p) => `    ${fixed(p.share * 100)} %  ${p.name}`),
      '  top functions (self time):',
      ...summary.functions.map((f) => `    ${fixed(f.share * 100)} %  ${f.name}  (${f.where})`),
    ];
    for (const line of profileLines) log(line);
  }
}

// 4. Put the database back as it was (sessions, questions and likes the run wrote).
await cleanUpRun();

printTable();
log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end (other work on the machine skews the figures)`,
);
if (args.out) {
  fs.writeFileSync(
    args.out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        settings,
        bareModes,
        loadAverage: { start: loadAtStart, end: os.loadavg() },
        rows,
        chunked,
        sse,
        globalQuestion,
        idleRssMb,
        profileLines,
      },
      null,
      2,
    ),
  );
}

function rowOf(p: ReadPath): Row {
  let row = rows.find((r) => r.name === p.name);
  if (!row) rows.push((row = { name: p.name, label: p.label }));
  return row;
}

/** A slice of a path through the API, after `warmSeconds` of load not counted (and one request before it). */
async function apiSlice(p: ReadPath, target: RunningServer, warmSeconds: number): Promise<void> {
  let load = apiLoads.get(p.name);
  if (!load) apiLoads.set(p.name, (load = new HttpLoad(readSequence(p), settings.connections)));
  if (warmSeconds > 0) {
    await fetch(`${target.url}${p.requests[0]!.path}`, { headers: { cookie: p.requests[0]!.viewer.cookie } });
    await load.warm(target, warmSeconds);
  }
  await load.slice(target, settings.slice);
  await settle(target);
}

/** A slice of a path's captured statements replayed bare at the same concurrency, after `warmSeconds` not counted. */
async function bareSlice(mode: string, p: ReadPath, db: Database, warmSeconds: number): Promise<void> {
  const replay = (seconds: number) => {
    const options = { connections: settings.connections, seconds };
    if (mode === 'prepared') return preparedReplay(db, p.requests, options);
    if (mode === 'pgbench' && db.kind === 'postgres') return Promise.resolve(pgbenchReplay(db.url, p.requests, options));
    return driverReplay(db.kind === 'pglite' ? { kind: 'pglite', pglite: db.pglite } : { kind: 'postgres', url: db.url }, p.requests, options);
  };
  // pgbench connects anew each slice: a warm-up could not carry over (the old baseline, kept as it was)
  if (warmSeconds > 0 && mode !== 'pgbench') await replay(warmSeconds);
  const key = `${mode}:${p.name}`;
  bareSlices.set(key, [...(bareSlices.get(key) ?? []), await replay(settings.slice)]);
}

/** A path's slices as one row (and the chunked pattern's beside page 1 of the feed). */
async function reportPath(p: ReadPath, target: RunningServer): Promise<void> {
  const row = rowOf(p);
  const result = await apiLoads.get(p.name)!.result(target);
  row.api = result;
  for (const [i, mode] of bareModes.entries()) {
    const slices = bareSlices.get(`${mode}:${p.name}`);
    if (!slices) continue;
    const bare = throughputOf(slices);
    if (i === 0) {
      row.bare = bare;
      row.turnRatios = result.sliceRps.map((rps, turn) => rps / bare.sliceRps[turn]!);
    } else row.otherBare = { ...row.otherBare, [mode]: bare };
    log(
      `  bare SQL (${mode}) ${p.label}: ${fixed(bare.rps, 0)} req/s (turns ${spread(bare.sliceRps)}), p50 ${fixed(bare.p50, 2)} ms, p99 ${fixed(bare.p99, 2)} ms, this process's CPU ${fixed(bare.cpuMsPerRequest, 2)} ms/request — API ÷ bare ${fixed(result.rps / bare.rps, 2)}`,
    );
  }
  const chunkedSlices = p.name === 'feed1' ? bareSlices.get(`${bareModes[0]}:feedChunked`) : undefined;
  if (chunkedSlices) {
    chunked = throughputOf(chunkedSlices);
    log(`  bare SQL (${bareModes[0]}) ${chunkedPath!.label}: ${fixed(chunked.rps, 0)} req/s, p50 ${fixed(chunked.p50, 2)} ms, p99 ${fixed(chunked.p99, 2)} ms`);
  }
  log(
    `  API ${p.label}: ${fixed(result.rps, 0)} req/s (turns ${spread(result.sliceRps)}), p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${fixed(result.cpuMsPerRequest, 2)} ms/request, RSS ≤ ${fixed(result.rssMaxMb, 0)} MB (${heapText(result.heapAfter)})${errorsOf(result)}; load average ${fixed(os.loadavg()[0]!, 2)}`,
  );
}

/** Waits until the server answers /healthz quickly again (slow queries of the last scenario finished). */
async function settle(target: RunningServer): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await fetch(`${target.url}/healthz`).catch(() => undefined);
    if (performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Per-turn figures as `min–max`. */
function spread(values: number[], digits = 0): string {
  return values.length ? `${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)}` : '–';
}

function heapText(heap: HeapReading): string {
  return `heap ${fixed(heap.heapUsedMb, 0)} used of ${fixed(heap.heapTotalMb, 0)} MB, external ${fixed(heap.externalMb, 0)} MB`;
}

function errorsOf(result: LoadResult): string {
  return result.errors || result.non2xx ? ` — ${result.errors} errors, ${result.non2xx} non-2xx` : '';
}

function printTable(): void {
  log('');
  const others = bareModes.slice(1);
  log(
    `| path | API req/s | API p50 ms | API p99 ms | bare SQL req/s (${bareModes[0] ?? 'none'}) | bare p99 ms | API ÷ bare | turns | ${others.map((m) => `API ÷ ${m} | `).join('')}server CPU ms/req | RSS max MB |`,
  );
  log(`| --- | ${'---: | '.repeat(9 + others.length)}`);
  for (const r of rows) {
    const ratio = r.api && r.bare ? fixed(r.api.rps / r.bare.rps, 2) : '–';
    const otherRatios = others.map((m) => (r.api && r.otherBare?.[m] ? `${fixed(r.api.rps / r.otherBare[m].rps, 2)} | ` : '– | ')).join('');
    log(
      `| ${r.label} | ${r.api ? fixed(r.api.rps, 0) : '–'} | ${r.api ? fixed(r.api.p50, 1) : '–'} | ${r.api ? fixed(r.api.p99, 1) : '–'} | ${r.bare ? fixed(r.bare.rps, 0) : '–'} | ${r.bare ? fixed(r.bare.p99, 1) : '–'} | ${ratio} | ${r.turnRatios ? spread(r.turnRatios, 2) : '–'} | ${otherRatios}${r.api ? fixed(r.api.cpuMsPerRequest, 2) : '–'} | ${r.api ? fixed(r.api.rssMaxMb, 0) : '–'} |`,
    );
  }
  const feed = rows.find((r) => r.name === 'feed1');
  if (chunked && feed) {
    log('');
    log(`Feed page 1, chunked pattern (bare SQL): ${fixed(chunked.rps, 0)} req/s, p99 ${fixed(chunked.p99, 1)} ms`);
    if (feed.bare) log(`  ours ÷ chunked, bare SQL: ${fixed(feed.bare.rps / chunked.rps, 2)}`);
    if (feed.api) log(`  ours through the API ÷ chunked bare SQL: ${fixed(feed.api.rps / chunked.rps, 2)}`);
  }
  if (globalQuestion) log(`Global question to ${globalQuestion.count.toLocaleString('en')} users: ${fixed(globalQuestion.seconds, 2)} s`);
  if (sse)
    log(
      `SSE fan-out, ${sse.clients} clients × ${sse.answers} answers: p50 ${fixed(sse.p50)} ms, p99 ${fixed(sse.p99)} ms (RSS ≤ ${fixed(sse.rssMaxMb, 0)} MB)`,
    );
  log(`Server RSS idle after start: ${fixed(idleRssMb, 0)} MB`);
}

function writeExplain(file: string, list: Explained[]): void {
  const byPath = new Map<string, Explained[]>();
  for (const e of list) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  const out: string[] = [];
  for (const [p, statements] of byPath) {
    out.push(`## ${p}`, '');
    for (const e of [...statements].sort((a, b) => b.ms - a.ms)) out.push(`-- ${fixed(e.ms, 3)} ms: ${e.statement}`, '', e.plan, '');
  }
  fs.writeFileSync(file, out.join('\n'));
}
