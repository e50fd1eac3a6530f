import { forgetFriendSuggestions, recommendFriends } from '../../packages/server/src/features/friends/service.js';
import type { Db } from '../../packages/server/src/db/open.js';
import { inlined, type Runner, type Statement, type StatementRecorder } from './capture.js';
import { runtime, type ReadPath } from './paths.js';

export interface Explained {
  path: string;
  statement: string;
  ms: number;
  plan: string;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement of one captured request per read path (the
 * first viewer's, run once before so the cache is warm), slowest statement first per path.
 * Also the recommendations request of a viewer whose suggestions are not computed yet.
 */
export async function explainReadPaths(
  db: Db,
  recorder: StatementRecorder,
  paths: ReadPath[],
  run: (statement: Statement) => Promise<{ rows: { 'QUERY PLAN': string }[] }>,
  warm: Runner,
): Promise<Explained[]> {
  const requests = paths.map((p) => ({ path: p.label, request: p.requests[0] })).filter((r) => r.request);
  await forgetFriendSuggestions(db, requests[0]!.request!.viewer.id);
  const cold = await recorder.capture(() => recommendFriends({ db, runtime }, requests[0]!.request!.viewer.id));
  requests.push({ path: 'recommendations, first visit (suggestions computed)', request: { ...requests[0]!.request!, statements: cold.statements } });
  const explained: Explained[] = [];
  for (const { path, request } of requests) {
    for (const statement of request!.statements) await warm(statement);
    for (const statement of request!.statements) {
      const result = await run({ text: `explain (analyze, buffers) ${inlined(statement)}`, values: [] });
      const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      explained.push({ path, statement: inlined(statement).replace(/\s+/g, ' '), ms, plan });
    }
  }
  return explained;
}
