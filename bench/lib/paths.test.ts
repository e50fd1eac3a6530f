import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleOverPglite, pgliteExtensions, type Database } from '../../packages/server/src/db/open.js';
import { migrateDatabase } from '../../packages/server/src/db/migrate.js';
import { defaultCommunity, seedCommunity } from '../seed/community.js';
import { StatementRecorder } from './capture.js';
import { captureReadPaths, type ReadPath } from './paths.js';
import { pickSubjects } from './subjects.js';

let database: Database;
let paths: ReadPath[];

beforeAll(async () => {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  database = { kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close: () => pglite.close() };
  await migrateDatabase(database);
  const session = { query: async <T>(text: string) => (await pglite.query<T>(text)).rows };
  await seedCommunity(session, { ...defaultCommunity(150), heavyAnswers: 200, zipfFollows: 15, randomFollows: 20 }, 'not-a-real-hash');
  const recorder = new StatementRecorder(database);
  const subjects = await pickSubjects(database, { viewers: 4, sseClients: 4 });
  paths = await captureReadPaths(database.db, recorder, subjects, () => {});
}, 60_000);
afterAll(() => database.close());

describe('the read paths the benchmark captures (small PGlite community)', () => {
  it('captures every path, the chunked feed pattern among them, with statements for each request', () => {
    expect(paths.map((p) => p.name)).toEqual([
      'feed1',
      'feed2',
      'profile',
      'profileHeavy',
      'searchNarrow',
      'searchBroad',
      'recommended',
      'inbox',
      'feedChunked',
    ]);
    for (const p of paths.filter((p) => p.name !== 'feed2')) {
      expect(p.requests, p.name).toHaveLength(4);
      for (const r of p.requests) expect(r.statements.length, p.name).toBeGreaterThan(0);
    }
  });

  it('records the name of each statement the server runs as a named statement, and none of the builder queries', () => {
    const feed = paths.find((p) => p.name === 'feed1')!.requests[0]!.statements;
    const named = feed.filter((s) => s.name);
    expect(named.length).toBeGreaterThan(0);
    const chunked = paths.find((p) => p.name === 'feedChunked')!.requests[0]!.statements;
    // the followee ids and one query per chunk are built per request; the hydration is the server's own kind of statement
    expect(chunked.filter((s) => !s.name).length).toBeGreaterThan(1);
    expect(chunked.at(-1)!.name).toBe('bench_chunked_feed_page');
  });
});
