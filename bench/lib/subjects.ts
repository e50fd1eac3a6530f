import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../packages/server/src/db/open.js';
import { foldLikeCounts } from '../../packages/server/src/db/counters.js';
import { queryRows } from '../../packages/server/src/db/sql.js';
import { sessions } from '../../packages/server/src/db/schema/index.js';
import type { SeedInfo } from '../seed/community.js';
import { cycle, type Step } from './load.js';

export interface Person {
  id: string;
  username: string;
  /** `askbox_session=<token>` of a session made for the benchmark */
  cookie: string;
  token: string;
}

/** Who the benchmark acts as and looks at, picked deterministically from the seeded community. */
export interface Subjects {
  info: SeedInfo;
  viewers: Person[];
  /** typical profiles to visit (one per viewer) */
  targets: string[];
  heavy: string[];
  admin: Person;
  /** the answerer of the SSE fan-out, and followers of theirs connected to /api/events */
  sseAnswerer: Person;
  sseFollowers: Person[];
  sessionIds: string[];
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Sessions are written straight into the sessions table the way the server stores them (the
 * sha-256 of the cookie token): logging in 1,000 users through the API would mean 1,000 scrypt
 * hashes and the login rate limit, neither of which is what is being measured.
 */
async function signIn(db: Db, users: { id: string; username: string }[], made: string[]): Promise<Person[]> {
  const people = users.map((u) => {
    const token = crypto.randomBytes(32).toString('base64url');
    return { ...u, token, cookie: `askbox_session=${token}` };
  });
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < people.length; i += 500) {
    const rows = people.slice(i, i + 500).map((p) => ({ id: hashToken(p.token), userId: p.id, expiresAt }));
    await db.insert(sessions).values(rows);
    made.push(...rows.map((r) => r.id));
  }
  return people;
}

/** `made` receives each session's id as soon as it is written, so that a run stopped halfway still removes them. */
export async function pickSubjects(database: Database, options: { viewers: number; sseClients: number }, made: string[] = []): Promise<Subjects> {
  const db = database.db;
  const [setting] = await queryRows<{ value: SeedInfo }>(db, sql`select value from app_settings where key = 'bench_seed'`);
  if (!setting) throw new Error('no bench_seed in app_settings: seed the database first (npm run bench:seed)');
  const info = setting.value;
  // viewers: ordinary members who follow someone; targets: members with a few answers
  const viewerRows = await queryRows<{ id: string; username: string }>(
    db,
    sql`select u.id, u.username from users u
        where u.role = 'user' and exists (select 1 from follows f where f.follower_id = u.id)
        order by md5(u.id || 'viewers') limit ${options.viewers}`,
  );
  const targets = await queryRows<{ username: string }>(
    db,
    sql`select u.username from users u
        where u.role = 'user' and (select count(*) from questions q where q.receiver_id = u.id and q.answered) between 3 and 100
        order by md5(u.id || 'targets') limit ${options.viewers}`,
  );
  const [adminRow] = await queryRows<{ id: string; username: string }>(db, sql`select id, username from users where username = ${info.admin}`);
  const [answererRow] = await queryRows<{ id: string; username: string }>(db, sql`select id, username from users where username = ${info.popular[0]!}`);
  const followerRows = await queryRows<{ id: string; username: string }>(
    db,
    sql`select u.id, u.username from follows f join users u on u.id = f.follower_id
        where f.followee_id = ${answererRow!.id} order by md5(u.id || 'sse') limit ${options.sseClients}`,
  );
  const viewers = await signIn(db, viewerRows, made);
  const [admin] = await signIn(db, [adminRow!], made);
  const [sseAnswerer] = await signIn(db, [answererRow!], made);
  const sseFollowers = await signIn(db, followerRows, made);
  return {
    info,
    viewers,
    targets: targets.map((t) => t.username),
    heavy: info.heavyAnswerers,
    admin: admin!,
    sseAnswerer: sseAnswerer!,
    sseFollowers,
    sessionIds: made,
  };
}

/** Text of every question the benchmark writes, so they can be removed afterwards. */
export const BENCH_QUESTION_TEXT = 'Benchmark question (written by npm run bench, removed after the run)';

/** Removes what a run wrote: its sessions, its questions (asked, SSE, global) and its likes. */
export async function cleanUp(db: Db, sessionIds: string[], likePairs: { userId: string; questionId: string }[]): Promise<void> {
  for (let i = 0; i < sessionIds.length; i += 1000) {
    const ids = sessionIds.slice(i, i + 1000);
    await db.execute(
      sql`delete from sessions where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  // what asking wrote: the questions, the askers' records, Filtered copies, and a global question's audit entry
  await db.execute(sql`delete from questions where text = ${BENCH_QUESTION_TEXT}`);
  await db.execute(sql`delete from sent_questions where text = ${BENCH_QUESTION_TEXT}`);
  await db.execute(sql`delete from filtered_questions where text = ${BENCH_QUESTION_TEXT}`);
  await db.execute(sql`delete from audit_log where detail = ${BENCH_QUESTION_TEXT}`);
  for (const pair of likePairs) await db.execute(sql`delete from likes where user_id = ${pair.userId} and question_id = ${pair.questionId}`);
  await db.execute(sql`delete from rate_limits where key like 'question:%'`);
  await settleLikeCounts(db);
}

/**
 * Folds the pending like changes and vacuums their table, as a running server keeps them: the
 * unlikes of a clean-up (or of a run that stopped) would otherwise leave rows that the bare SQL
 * reads with every post (decision 199).
 */
export async function settleLikeCounts(db: Db): Promise<void> {
  await foldLikeCounts(db);
  await db.execute(sql`vacuum like_count_changes`);
}

/** An anonymous question from the next viewer to the next target, every request. */
export function askSequence(subjects: Pick<Subjects, 'viewers' | 'targets'>): Step[] {
  const nextViewer = cycle(subjects.viewers);
  const nextTarget = cycle(subjects.targets);
  return [
    () => ({
      method: 'POST',
      path: `/api/users/${nextTarget()}/questions`,
      cookie: nextViewer().cookie,
      body: { text: BENCH_QUESTION_TEXT, isAnonymous: true },
    }),
  ];
}
