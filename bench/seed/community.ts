import { answerTexts, bios, firstNames, lastNames, questionTexts, sqlTextArray } from './texts.js';

/** One connection (temp tables and setseed() live in the session): a pg.Client or a PGlite. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
}

export interface CommunityOptions {
  users: number;
  /** setseed() value: the same seed on the same PostgreSQL version gives the same community */
  seed: number;
  /** answers of each heavy answerer (their profile pages and feed LATERALs read these) */
  heavyAnswers: number;
  /** follow draws per user: `zipfFollows` from a Zipf-like popularity ranking, `randomFollows` uniform */
  zipfFollows: number;
  randomFollows: number;
  /** mean questions received per user (exponential), about half of them answered */
  questionsPerUser: number;
  /** Pareto tail of likes per answer (mean ≈ 1/(alpha−1)), capped at `maxLikes` */
  likesAlpha: number;
  maxLikes: number;
}

export const defaultCommunity = (users: number): CommunityOptions => ({
  users,
  seed: 0.42,
  heavyAnswers: 20_000,
  zipfFollows: 65,
  randomFollows: 90,
  questionsPerUser: 19,
  likesAlpha: 1.15,
  maxLikes: Math.min(5000, Math.floor(users / 2)),
});

/** What the generator made, kept in app_settings under 'bench_seed' for the benchmark to find its subjects. */
export interface SeedInfo {
  users: number;
  seed: number;
  createdAt: string;
  /** usernames by popularity rank (rank 1 is followed by almost everyone) */
  popular: string[];
  heavyAnswerers: string[];
  admin: string;
  password: string;
  counts: Record<string, number>;
}

export const BENCH_PASSWORD = 'bench password';
export const ADMIN_USERNAME = 'bench_admin';

/** Popularity ranks (= user numbers) of the heavy answerers: spread from very popular to modest. */
const HEAVY_RANKS = [2, 5, 12, 40, 150, 600, 2500];

type Log = (line: string) => void;

/**
 * Fills an empty, migrated database with a synthetic community, set-based: each step is one
 * INSERT … SELECT over generate_series (in chunks, for progress), with random() seeded so the
 * same options give the same data. User n is the n-th most popular account; ids are UUID-shaped
 * like the server's. Foreign-key triggers are skipped while loading (the data is consistent by
 * construction) when the role may do so.
 */
export async function seedCommunity(session: SqlSession, options: CommunityOptions, passwordHash: string, log: Log = () => {}): Promise<SeedInfo> {
  const n = options.users;
  if (!Number.isInteger(n) || n < 10) throw new Error('--users must be an integer ≥ 10');
  const q = session.query.bind(session);
  const existing = (await q<{ count: number }>('select count(*)::int as count from users'))[0]?.count ?? 0;
  if (existing > 0) throw new Error(`the database already has ${existing} users: seed an empty database (or pass --reset)`);

  const started = performance.now();
  // every statement gets its own seed derived from options.seed, so chunks are not copies of each other
  let statementNumber = 0;
  const nextSeed = () => (((options.seed + 1) / 2 + ++statementNumber * 0.6180339887) % 1) * 2 - 1;
  const step = async (label: string, statements: string | string[], table?: string) => {
    const t0 = performance.now();
    for (const statement of [statements].flat()) {
      await q(`select setseed(${nextSeed()})`);
      await q(statement);
    }
    const rows = table ? (await q<{ count: number }>(`select count(*)::int as count from ${table}`))[0]!.count : undefined;
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    log(`  ${label.padEnd(34)} ${rows === undefined ? '' : `${rows.toLocaleString('en')} rows `}in ${seconds} s`);
  };

  await q('set synchronous_commit = off');
  await q(`set work_mem = '64MB'`);
  await q(`set maintenance_work_mem = '256MB'`);
  const fkTriggersOff = await q(`set session_replication_role = replica`).then(
    () => true,
    () => false,
  );
  if (!fkTriggersOff) log('  (not allowed to skip foreign-key triggers: loading with them, slower)');

  // user n ↔ its id; temporary, so nothing of the generator stays in the schema
  await q(`create temp table seed_users (g int primary key, id text not null)`);
  await q(`insert into seed_users select g, md5('askbox-bench-${options.seed}-u' || g)::uuid::text from generate_series(1, ${n}) g`);
  await q(`analyze seed_users`);

  const heavy = HEAVY_RANKS.slice(0, Math.max(2, Math.round(n / 20_000))).filter((g) => g < n);
  const pick = (array: string, expr = 'random()') => `(${array})[1 + floor(${expr} * cardinality(${array}))::int]`;
  const first = sqlTextArray(firstNames);
  const last = sqlTextArray(lastNames);

  await step(
    'users',
    `insert into users (id, email, username, fullname, password_hash, bio, role, created_at, last_read_notifications, last_read_answers)
     select s.id, p.username || '@bench.askbox.test', p.username, initcap(p.fn) || ' ' || initcap(p.ln), '${passwordHash}',
            case when random() < 0.4 then ${pick(sqlTextArray(bios))} else '' end,
            case when s.g = ${n} then 'admin' else 'user' end, p.created, now() - random() * interval '3 days', now() - random() * interval '3 days'
     from seed_users s
     cross join lateral (
       select case when s.g = ${n} then '${ADMIN_USERNAME}'
                   else case s.g % 5 when 0 then fn || '_' || ln || s.g when 1 then fn || s.g when 2 then fn || ln || '_' || s.g
                                     when 3 then 'the_' || fn || s.g else ln || '_' || fn || s.g end
              end as username, fn, ln, created
       from (select ${pick(first)} as fn, ${pick(last)} as ln, now() - random() * interval '730 days' - s.g * interval '0 s' as created) names
     ) p`,
    'users',
  );

  // Zipf-like popularity: a draw picks rank r with P ∝ 1/r (log-uniform), so user 1 is followed by
  // nearly everyone, the top tens by tens of thousands at 100k users, the long tail by the uniform draws.
  const chunk = Math.max(1000, Math.ceil(n / 10));
  const followChunks: string[] = [];
  for (let lo = 1; lo <= n; lo += chunk) {
    const hi = Math.min(n, lo + chunk - 1);
    followChunks.push(
      `insert into follows (follower_id, followee_id, created_at)
       select a.id, b.id, now() - random() * interval '700 days'
       from (
         select distinct f.g as fg, d.r
         from generate_series(${lo}, ${hi}) f(g)
         cross join lateral (
           select case when k <= ${options.zipfFollows} then least(${n}, floor(exp(random() * ln(${n} + 1)))::int)
                       else 1 + floor(random() * ${n})::int end as r
           from generate_series(1, ${options.zipfFollows + options.randomFollows} + 0 * f.g) k
         ) d
         where d.r <> f.g
       ) p
       join seed_users a on a.g = p.fg
       join seed_users b on b.g = p.r`,
    );
  }
  await withIndexesDeferred(q, 'follows', log, () => step('follows (Zipf-like popularity)', followChunks, 'follows'));

  // questions received: exponential count per user (mean questionsPerUser), senders uniform,
  // 40 % anonymous, about half answered within days, spread over the last year
  const questionChunks: string[] = [];
  for (let lo = 1; lo <= n; lo += chunk) {
    const hi = Math.min(n, lo + chunk - 1);
    questionChunks.push(
      `insert into questions (id, sender_id, receiver_id, text, is_anonymous, answered, answer, answered_at, created_at)
       select md5('askbox-bench-${options.seed}-q' || d.rg || '-' || d.k)::uuid::text, s.id, r.id, ${pick(sqlTextArray(questionTexts), 'd.t')},
              d.anon, d.answered, case when d.answered then ${pick(sqlTextArray(answerTexts), 'd.a')} end,
              case when d.answered then least(now(), d.created + d.delay * interval '7 days') end, d.created
       from (
         select r.g as rg, k, 1 + floor(random() * ${n})::int as sg, random() < 0.4 as anon, random() < 0.5 as answered,
                now() - random() * interval '365 days' as created, random() ^ 3 as delay, random() as t, random() as a
         from generate_series(${lo}, ${hi}) r(g)
         cross join lateral generate_series(1, floor(-ln(1 - random()) * ${options.questionsPerUser} + 0 * r.g)::int) k
       ) d
       join seed_users r on r.g = d.rg
       join seed_users s on s.g = d.sg`,
    );
  }
  await withIndexesDeferred(q, 'questions', log, async () => {
    await step('questions', questionChunks, 'questions');
    await step(
      `heavy answerers (${heavy.length} × ${options.heavyAnswers.toLocaleString('en')})`,
      `insert into questions (id, sender_id, receiver_id, text, is_anonymous, answered, answer, answered_at, created_at)
     select md5('askbox-bench-${options.seed}-h' || d.rg || '-' || d.k)::uuid::text, s.id, r.id, ${pick(sqlTextArray(questionTexts), 'd.t')},
            d.anon, true, ${pick(sqlTextArray(answerTexts), 'd.a')}, least(now(), d.created + d.delay * interval '1 day'), d.created
     from (
       select h.g as rg, k, 1 + floor(random() * ${n})::int as sg, random() < 0.6 as anon,
              now() - random() * interval '365 days' as created, random() ^ 3 as delay, random() as t, random() as a
       from unnest(array[${heavy.join(', ')}]::int[]) h(g)
       cross join lateral generate_series(1, ${options.heavyAnswers} + 0 * h.g) k
     ) d
     join seed_users r on r.g = d.rg
     join seed_users s on s.g = d.sg`,
      'questions',
    );
  });

  // likes per answer: Pareto (most answers a few, some thousands), likers uniform
  const likeChunks: string[] = [];
  for (let lo = 1; lo <= n; lo += chunk) {
    const hi = Math.min(n, lo + chunk - 1);
    likeChunks.push(
      `insert into likes (user_id, question_id, created_at)
       select u.id, p.qid, least(now(), p.at + random() * interval '20 days')
       from (
         select distinct on (q.id, l.lg) q.id as qid, l.lg, q.answered_at as at
         from seed_users r
         join questions q on q.receiver_id = r.id and q.answered
         cross join lateral (
           select 1 + floor(random() * ${n})::int as lg
           from generate_series(1, least(${options.maxLikes}, floor(power(1 - random(), -1 / ${options.likesAlpha}::float8))::int - 1 + 0 * length(q.id)))
         ) l
         where r.g between ${lo} and ${hi}
       ) p
       join seed_users u on u.g = p.lg`,
    );
  }
  await withIndexesDeferred(q, 'likes', log, () => step('likes (Pareto per answer)', likeChunks, 'likes'));

  // about 1 % of users block 1–3 others, a third of them popular accounts
  await step(
    'blocks',
    `insert into blocks (blocker_id, blocked_id, created_at)
     select distinct on (a.id, b.id) a.id, b.id, now() - random() * interval '300 days'
     from (
       select f.g as fg, case when random() < 0.33 then least(${n}, floor(exp(random() * ln(${n} + 1)))::int) else 1 + floor(random() * ${n})::int end as bg
       from generate_series(1, ${n}) f(g)
       cross join lateral generate_series(1, case when random() < 0.01 then 1 + floor(random() * 3)::int else 0 end + 0 * f.g) k
     ) d
     join seed_users a on a.g = d.fg
     join seed_users b on b.g = d.bg
     where d.fg <> d.bg`,
    'blocks',
  );

  if (fkTriggersOff) await q('set session_replication_role = origin');
  // the counters' triggers were off with the foreign-key ones: count them once, set-based
  await step('profile counters and like counts', 'select askbox_recount_counters()');
  const t0 = performance.now();
  for (const table of ['users', 'follows', 'questions', 'likes', 'blocks', 'user_stats']) await q(`vacuum analyze ${table}`);
  log(`  ${'vacuum analyze'.padEnd(34)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const username = async (g: number) =>
    (await q<{ username: string }>(`select u.username from users u join seed_users s on s.id = u.id where s.g = ${g}`))[0]!.username;
  const counts: Record<string, number> = {};
  for (const table of ['users', 'follows', 'questions', 'likes', 'blocks']) {
    counts[table] = (await q<{ count: number }>(`select count(*)::int as count from ${table}`))[0]!.count;
  }
  counts.answers = (await q<{ count: number }>(`select count(*)::int as count from questions where answered`))[0]!.count;
  const info: SeedInfo = {
    users: n,
    seed: options.seed,
    createdAt: new Date().toISOString(),
    popular: await mapInOrder(
      [1, 2, 3, 4, 5].filter((g) => g < n),
      username,
    ),
    heavyAnswerers: await mapInOrder(heavy, username),
    admin: ADMIN_USERNAME,
    password: BENCH_PASSWORD,
    counts,
  };
  await q(
    `insert into app_settings (key, value) values ('bench_seed', '${JSON.stringify(info).replace(/'/g, "''")}'::jsonb)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
  await q('drop table seed_users');
  log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return info;
}

/** One query at a time: the session is a single connection. */
async function mapInOrder<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await fn(item));
  return results;
}

/**
 * Bulk loading into a table with its indexes in place means millions of random B-tree inserts;
 * building them afterwards is a sort. The table's own definitions are read back from the catalog
 * (pg_indexes, pg_get_constraintdef), so the indexes rebuilt are exactly the migrations' ones.
 * Primary keys are deferred too unless a foreign key points at them.
 */
async function withIndexesDeferred(q: SqlSession['query'], table: string, log: Log, load: () => Promise<void>): Promise<void> {
  const primaryKeys = await q<{ name: string; def: string }>(
    `select c.conname as name, pg_get_constraintdef(c.oid) as def from pg_constraint c
     where c.conrelid = '${table}'::regclass and c.contype = 'p'
       and not exists (select 1 from pg_constraint r where r.contype = 'f' and r.confrelid = c.conrelid)`,
  );
  const indexes = await q<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = '${table}'
       and not exists (select 1 from pg_constraint c where c.conrelid = '${table}'::regclass and c.conname = i.indexname)`,
  );
  for (const index of indexes) await q(`drop index "${index.name}"`);
  for (const key of primaryKeys) await q(`alter table "${table}" drop constraint "${key.name}"`);
  await load();
  const t0 = performance.now();
  for (const key of primaryKeys) await q(`alter table "${table}" add constraint "${key.name}" ${key.def}`);
  for (const index of indexes) await q(index.def);
  log(`  ${`  indexes of ${table}`.padEnd(34)} rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Empties every table the generator fills (and the sessions, outbox and rate limits that hang off them). */
export async function resetCommunity(session: SqlSession): Promise<void> {
  await session.query('truncate users, follows, blocks, questions, likes, sessions, push_subscriptions, push_notifications, rate_limits cascade');
  await session.query(`delete from app_settings where key = 'bench_seed'`);
}
