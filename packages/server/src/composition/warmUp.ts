import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { queryRows } from '../db/sql.js';
import { profileAnswersPage } from '../features/answers/service.js';
import { SESSION_COOKIE, sessionViewer } from '../features/auth/sessions.js';
import { feedPage } from '../features/feed/service.js';
import { searchUsers } from '../features/friends/service.js';
import { inboxPage } from '../features/questions/service.js';

/** How long the embedded database's read paths are run before the server listens. */
export const WARM_UP_MS = 2000;
const MEMBERS = 20;

/**
 * Runs the read paths' statements (the viewer lookup, the feed, a profile's answers, a search,
 * the inbox) for a few members, reading only, before the server listens on the embedded database
 * (decision 351). A process just started has parsed none of its named statements, compiled
 * PGlite's WebAssembly only to its first tier and read none of the pages: its first requests cost
 * several times the warm ones (measured: a feed page 26 ms of CPU, the first path after a restart
 * at 0.31 of its SQL's throughput). The members are the first in table order who follow someone,
 * chosen for nothing they did.
 */
export async function warmUpReadPaths(db: Db, budgetMs = WARM_UP_MS): Promise<{ rounds: number; ms: number }> {
  const started = performance.now();
  const members = await queryRows<{ id: string; username: string }>(
    db,
    sql`select u.id, u.username from users u where exists (select 1 from follows f where f.follower_id = u.id) limit ${MEMBERS}`,
  );
  const noSession = { cookies: { [SESSION_COOKIE]: 'warm-up' } } as unknown as FastifyRequest;
  const identify = sessionViewer(db);
  let rounds = 0;
  while (members.length > 0 && performance.now() - started < budgetMs) {
    const member = members[rounds % members.length]!;
    await identify(noSession);
    await feedPage(db, member.id, {});
    await profileAnswersPage(db, member.id, member.id);
    await searchUsers(db, member.id, member.username.slice(0, 3));
    await inboxPage(db, member.id);
    rounds++;
  }
  return { rounds, ms: performance.now() - started };
}
