/**
 * The read paths measured, each as an HTTP request per subject and the statements the server's
 * own code sends for that request (the session lookup of the viewer hook, then the route's
 * lookups and service).
 * Every import of server code the benchmark needs is in this file.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { PAGE_SIZE } from '@askbox/common';
import type { Db } from '../../packages/server/src/db/open.js';
import { queryRows } from '../../packages/server/src/db/sql.js';
import { SESSION_COOKIE, sessionViewer } from '../../packages/server/src/features/auth/sessions.js';
import { feedPage } from '../../packages/server/src/features/feed/service.js';
import { profileAnswersPage } from '../../packages/server/src/features/answers/service.js';
import { hydratedAnswerPage, answerFromRow, skeletonColumns } from '../../packages/server/src/features/answers/views.js';
import { newestFirst } from '../../packages/server/src/db/pagination.js';
import { isoFromPg } from '../../packages/server/src/db/timestamps.js';
import { run } from '../../packages/server/src/db/statements.js';
import { recommendFriends, searchUsers } from '../../packages/server/src/features/friends/service.js';
import { Runtime } from '../../packages/server/src/runtime.js';
import { inboxPage } from '../../packages/server/src/features/questions/service.js';
import { findUserByUsername } from '../../packages/server/src/features/users/lookup.js';
import type { Statement, StatementRecorder } from './capture.js';
import type { Person, Subjects } from './subjects.js';

/** One request of a read path: who asks, what URL, and the statements behind it. */
export interface ReadRequest {
  viewer: Person;
  path: string;
  statements: Statement[];
}

export interface ReadPath {
  name: string;
  label: string;
  requests: ReadRequest[];
}

/** A broad search: a fragment of many first names (anna, hannah, joanna, …). */
export const BROAD_SEARCH = 'anna';

/** What the viewer hook runs on every API request: the session cookie → the signed-in user. */
/** The bench's own runtime (caches and work in flight), as a server's context has one. */
export const runtime = new Runtime();

const identify = (db: Db, viewer: Person) => sessionViewer(db)({ cookies: { [SESSION_COOKIE]: viewer.token } } as unknown as FastifyRequest);

interface PathSpec {
  name: string;
  label: string;
  url(viewer: Person, i: number): string;
  run(db: Db, viewer: Person, i: number): Promise<unknown>;
}

export async function captureReadPaths(db: Db, recorder: StatementRecorder, subjects: Subjects, log: (line: string) => void): Promise<ReadPath[]> {
  const { viewers, targets, heavy } = subjects;
  // page 2 needs each viewer's page-1 cursor, found by the server's own code
  const cursors = new Map<string, string>();
  for (const v of viewers) {
    const page = await feedPage(db, v.id, {});
    if (page.nextCursor) cursors.set(v.id, page.nextCursor);
  }
  // a returning user's friend suggestions are computed already (kept in friend_suggestions): the
  // steady state is measured; the first visit's computation is in --explain and docs/benchmarks.md
  for (const v of viewers) await recommendFriends({ db, runtime }, v.id);

  const specs: PathSpec[] = [
    { name: 'feed1', label: 'home feed, page 1', url: () => '/api/feed', run: (d, v) => feedPage(d, v.id, {}) },
    {
      name: 'feed2',
      label: 'home feed, page 2',
      url: (v) => `/api/feed?cursor=${cursors.get(v.id) ?? ''}`,
      run: (d, v) => feedPage(d, v.id, { cursor: cursors.get(v.id) }),
    },
    {
      name: 'profile',
      label: 'profile answers',
      url: (_v, i) => `/api/users/${targets[i % targets.length]}/answers`,
      run: async (d, v, i) => profileAnswersPage(d, v.id, (await findUserByUsername(d, targets[i % targets.length]!)).id),
    },
    {
      name: 'profileHeavy',
      label: 'profile answers, heavy answerer',
      url: (_v, i) => `/api/users/${heavy[i % heavy.length]}/answers`,
      run: async (d, v, i) => profileAnswersPage(d, v.id, (await findUserByUsername(d, heavy[i % heavy.length]!)).id),
    },
    {
      name: 'searchNarrow',
      label: 'search, narrow (a whole username)',
      url: (_v, i) => `/api/users/search?q=${encodeURIComponent(targets[i % targets.length]!)}`,
      run: (d, v, i) => searchUsers(d, v.id, targets[i % targets.length]!),
    },
    {
      name: 'searchBroad',
      label: `search, broad ('${BROAD_SEARCH}')`,
      url: () => `/api/users/search?q=${BROAD_SEARCH}`,
      run: (d, v) => searchUsers(d, v.id, BROAD_SEARCH),
    },
    { name: 'recommended', label: 'recommendations', url: () => '/api/users/recommended', run: (d, v) => recommendFriends({ db: d, runtime }, v.id) },
    { name: 'inbox', label: 'inbox', url: () => '/api/me/inbox', run: (d, v) => inboxPage(d, v.id) },
  ];

  const paths: ReadPath[] = [];
  for (const spec of specs) {
    const requests: ReadRequest[] = [];
    for (const [i, viewer] of viewers.entries()) {
      if (spec.name === 'feed2' && !cursors.has(viewer.id)) continue;
      const { statements } = await recorder.capture(async () => {
        await identify(db, viewer);
        await spec.run(db, viewer, i);
      });
      requests.push({ viewer, path: spec.url(viewer, i), statements });
    }
    const perRequest = requests.length ? (requests.reduce((n, r) => n + r.statements.length, 0) / requests.length).toFixed(1) : '0';
    log(`  captured ${spec.label}: ${requests.length} requests, ${perRequest} statements each`);
    paths.push({ name: spec.name, label: spec.label, requests });
  }
  paths.push(await captureChunkedFeed(db, recorder, viewers));
  log(`  captured the chunked feed pattern`);
  return paths;
}

/** The columns of a chunk's rows: the page skeleton's, read back by the chunked pattern to merge them. */
interface ChunkRow {
  id: string;
  answered_at: string;
}

/**
 * The chunked pattern's hydration: the server's own page statement (its receiver, sender and like
 * joins, and the anonymity rule with them) over the merged page's ids instead of a skeleton query.
 */
const hydrateChunkedPage = hydratedAnswerPage<{ ids: string[] }>(
  'bench_chunked_feed_page',
  sql`select ${skeletonColumns(sql`q`)} from questions q where q.id = any(${sql.placeholder('ids')}::text[])`,
);

/**
 * The original app's feed: load the followee ids, then one query per chunk of 10 authors (the viewer and followees)
 * (Firestore's `in` limit), merge and sort in JS, keep a page, hydrate it with the server's page
 * statement. Each chunk's query is ordered as the index is, like ours.
 */
async function chunkedFeed(db: Db, viewerId: string): Promise<unknown> {
  const followees = await queryRows<{ id: string }>(db, sql`select followee_id as id from follows where follower_id = ${viewerId}`);
  // the viewer's own answers are in the home feed too, as in ours
  const authors = [viewerId, ...followees.map((f) => f.id)];
  const chunks: string[][] = [];
  for (let i = 0; i < authors.length; i += 10) chunks.push(authors.slice(i, i + 10));
  const perChunk = await Promise.all(
    chunks.map((ids) =>
      queryRows<ChunkRow>(
        db,
        sql`select ${skeletonColumns(sql`q`)} from questions q
            where q.receiver_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) and q.answered
            order by ${newestFirst(sql`q.answered_at`, sql`q.id`)} limit ${PAGE_SIZE + 1}`,
      ),
    ),
  );
  const at = (row: ChunkRow) => isoFromPg(row.answered_at, 'us');
  const page = perChunk
    .flat()
    .sort((a, b) => (at(a) === at(b) ? b.id.localeCompare(a.id) : at(b).localeCompare(at(a))))
    .slice(0, PAGE_SIZE);
  const rows = await run(db, hydrateChunkedPage, { viewerId, ids: page.map((row) => row.id) });
  return rows.map(answerFromRow);
}

async function captureChunkedFeed(db: Db, recorder: StatementRecorder, viewers: Person[]): Promise<ReadPath> {
  const requests: ReadRequest[] = [];
  for (const viewer of viewers) {
    const { statements } = await recorder.capture(async () => {
      await identify(db, viewer);
      await chunkedFeed(db, viewer.id);
    });
    requests.push({ viewer, path: '', statements });
  }
  return { name: 'feedChunked', label: 'home feed, chunked pattern (10 followees a query)', requests };
}
