import { eq, sql } from 'drizzle-orm';
import { RECOMMENDED_FRIENDS_MAX, SEARCH_RESULTS_MAX, type FriendCard } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { friendSuggestions } from '../../db/schema/index.js';
import { inlined, run, runOne, statement } from '../../db/statements.js';
import { isoFromPg } from '../../db/timestamps.js';
import { visibleUser } from '../visibility/index.js';
import { userSummary } from '../users/views.js';
import type { AppContext } from '../../context.js';
import { runtimeSlot } from '../../runtime.js';

interface CardRow {
  id: string;
  username: string;
  fullname: string;
  photoUrl: string | null;
  badge: string;
}

const viewer = sql.placeholder('viewerId');
const cardColumns = sql`u.id, u.username, u.fullname, u.photo_url as "photoUrl", u.badge`;
const followedByViewer = sql`exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = u.id)`;
const usernameOrder = sql`u.username collate "C"`;

/** LIKE treats % and _ as wildcards: a search for "a_b" means those three characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * From 3 characters a needle is looked up in the trigram indexes; shorter ones in the index of
 * every 1- and 2-character piece of usernames and full names (`askbox_short_grams`, decision 149).
 */
export const TRIGRAM_MIN_LENGTH = 3;
/**
 * More substring matches than this: walking the usernames in order until 20 match (each row a
 * random heap read, ~8× a bitmap row) beats reading and sorting them all.
 */
const SUBSTRING_CAP = 3000;

const prefixRange = sql`${usernameOrder} >= ${sql.placeholder('lo')} and ${usernameOrder} < ${sql.placeholder('hi')}`;
const visibleTo = sql`u.id <> ${viewer} and ${visibleUser(viewer, sql`u.id`)}`;

/**
 * Search in one statement whose plan does not depend on the words searched (so a generic
 * prepared plan is as good as a custom one), bounded for broad and narrow queries alike:
 * 1. usernames starting with the query, in username order, from a btree range (the exact match
 *    is the first of them); when 20 of them are visible, nothing else runs;
 * 2. otherwise substring matches of username or full name, from an index — the trigram indexes
 *    from 3 characters, the short pieces' index below that (only one of the two runs: the other
 *    is switched off by a one-time filter on a parameter, so a generic plan keeps both) —
 *    capped at 3,000 rows and sorted; or, when that cap is hit (a broad query), by walking the
 *    usernames in order and stopping at the 20th match.
 * The order is the one users saw before: prefix matches (exact first), then the rest, by username.
 */
const searchStatement = statement<
  CardRow & { isFollowing: boolean },
  { viewerId: string; lo: string; hi: string; needle: string; pattern: string; trigrams: boolean }
>(
  'search_users',
  sql`with prefixed as (
        select u.id, u.username from users u
        where ${prefixRange} and ${visibleTo}
        order by ${usernameOrder} limit ${inlined(SEARCH_RESULTS_MAX)}
      ),
      indexed_matches as materialized (
        select * from (
          select u.id, u.username from users u
          where ${sql.placeholder('trigrams')} and (select count(*) from prefixed) < ${inlined(SEARCH_RESULTS_MAX)}
            and (lower(u.username) like ${sql.placeholder('pattern')} or lower(u.fullname) like ${sql.placeholder('pattern')})
          union all
          select u.id, u.username from users u
          where not ${sql.placeholder('trigrams')} and (select count(*) from prefixed) < ${inlined(SEARCH_RESULTS_MAX)}
            and askbox_short_grams(u.username, u.fullname) @> array[${sql.placeholder('needle')}]::text[]
        ) m
        limit ${inlined(SUBSTRING_CAP + 1)}
      ),
      few_matches as (
        select u.id, u.username from indexed_matches u
        where (select count(*) from indexed_matches) <= ${inlined(SUBSTRING_CAP)} and not (${prefixRange}) and ${visibleTo}
        order by ${usernameOrder} limit ${inlined(SEARCH_RESULTS_MAX)}
      ),
      many_matches as (
        select u.id, u.username from users u
        where (select count(*) from indexed_matches) > ${inlined(SUBSTRING_CAP)}
          and (strpos(lower(u.username), ${sql.placeholder('needle')}) > 0 or strpos(lower(u.fullname), ${sql.placeholder('needle')}) > 0)
          and not (${prefixRange}) and ${visibleTo}
        order by ${usernameOrder} limit ${inlined(SEARCH_RESULTS_MAX)}
      ),
      found as (
        select * from (
          select id, username, 0 as part from prefixed
          union all select id, username, 1 from few_matches
          union all select id, username, 1 from many_matches
        ) r
        order by part, username collate "C"
        limit ${inlined(SEARCH_RESULTS_MAX)}
      )
      select ${cardColumns}, ${followedByViewer} as "isFollowing"
      from found r cross join lateral (select * from users where id = r.id) u
      order by r.part, r.username collate "C"`,
);

/** The smallest string greater than every string starting with `prefix` (byte order). */
function afterPrefix(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/**
 * Case-insensitive substring search on username and full name, excluding the viewer
 * and anyone in a block with them either way; prefix matches of the username come first.
 */
export async function searchUsers(db: DbOrTx, viewerId: string, query: string): Promise<FriendCard[]> {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const rows = await run(db, searchStatement, {
    viewerId,
    lo: needle,
    hi: afterPrefix(needle),
    needle,
    pattern: `%${escapeLike(needle)}%`,
    trigrams: Array.from(needle).length >= TRIGRAM_MIN_LENGTH,
  });
  return rows.map((row) => ({ ...userSummary(row), isFollowing: Boolean(row.isFollowing) }));
}

/** How many of the viewer's most recent follows feed the friends-of-friends ranking (bounds its cost). */
const FRIENDS_SAMPLE = 200;
/** Candidates kept per viewer: friends of friends, then the most followed, then the newest accounts. */
const CANDIDATES_KEPT = 100;
const SOURCE_SIZE = 100;
/** Suggestions are recomputed (in the background, the old ones served meanwhile) once this old. */
export const FRIEND_SUGGESTIONS_TTL_MS = 15 * 60_000;

/** The viewer's kept candidates that are still suggestible now, best first; none when never computed. */
const suggestionsStatement = statement<CardRow & { computedAt: string; candidates: number }, { viewerId: string; take: number }>(
  'friend_suggestions_read',
  sql`select ${cardColumns}, s.computed_at as "computedAt", cardinality(s.candidate_ids) as candidates
      from friend_suggestions s
      cross join lateral unnest(s.candidate_ids[1:${sql.placeholder('take')}]) with ordinality c(id, rank)
      join users u on u.id = c.id
      where s.user_id = ${viewer} and not ${followedByViewer} and ${visibleTo}
      order by c.rank
      limit ${inlined(RECOMMENDED_FRIENDS_MAX)}`,
);

const suggestionsExist = statement<{ computedAt: string }, { viewerId: string }>(
  'friend_suggestions_exist',
  sql`select computed_at as "computedAt" from friend_suggestions where user_id = ${viewer}`,
);

/**
 * The ranking: friends of friends by how many of the viewer's follows follow them, then the most
 * followed accounts (an index on user_stats, exact), then the newest; without the viewer, people
 * they follow and anyone in a block with them. Reads a bounded number of index rows.
 */
export const rankingStatement = statement<{ id: string }, { viewerId: string }>(
  'friend_suggestions_rank',
  sql`with mine as (
        select followee_id from follows where follower_id = ${viewer} order by created_at desc limit ${inlined(FRIENDS_SAMPLE)}
      ),
      friends_of_friends as (
        select f.followee_id as id, count(*) as n from follows f join mine m on f.follower_id = m.followee_id
        group by f.followee_id order by count(*) desc, f.followee_id limit ${inlined(SOURCE_SIZE * 3)}
      ),
      most_followed as (
        select user_id as id from user_stats order by followers desc nulls last, user_id limit ${inlined(SOURCE_SIZE)}
      ),
      newest as (
        select id from users order by created_at desc nulls last, id desc nulls last limit ${inlined(SOURCE_SIZE)}
      ),
      ranked as (
        select id, row_number() over (order by n desc, id) as rank from friends_of_friends
        union all select id, ${inlined(SOURCE_SIZE * 3)} + row_number() over () from most_followed
        union all select id, ${inlined(SOURCE_SIZE * 4)} + row_number() over () from newest
      )
      select u.id from (select id, min(rank) as rank from ranked group by id) r
      join users u on u.id = r.id
      where not ${followedByViewer} and ${visibleTo}
      order by r.rank
      limit ${inlined(CANDIDATES_KEPT)}`,
);

const saveSuggestions = statement<never, { viewerId: string; ids: string[] }>(
  'friend_suggestions_save',
  sql`insert into friend_suggestions (user_id, candidate_ids, computed_at) values (${viewer}, ${sql.placeholder('ids')}::text[], now())
      on conflict (user_id) do update set candidate_ids = excluded.candidate_ids, computed_at = excluded.computed_at`,
);

/** One computation per viewer at a time in this context: concurrent requests wait for the same one. */
/** What recommending needs: the database, and the context's runtime for the computations in flight. */
type Suggesting = Pick<AppContext, 'db' | 'runtime'>;

const computingSlot = runtimeSlot<Map<string, Promise<void>>>('friend suggestions being computed');

function computeSuggestions({ db, runtime }: Suggesting, viewerId: string): Promise<void> {
  const inFlight = runtime.of(computingSlot, () => new Map());
  const running = inFlight.get(viewerId);
  if (running) return running;
  const work = (async () => {
    const ranked = await run(db, rankingStatement, { viewerId });
    await run(db, saveSuggestions, { viewerId, ids: ranked.map((r) => r.id) });
  })().finally(() => inFlight.delete(viewerId));
  inFlight.set(viewerId, work);
  return work;
}

const ageMs = (computedAt: string) => Date.now() - Date.parse(isoFromPg(computedAt));
/** A list shorter than 20 (most candidates followed since) is recomputed, at most this often. */
const SHORT_LIST_RECOMPUTE_MS = 60_000;
/**
 * Candidates read first: 20 and a margin for people followed or blocked since the ranking. Each
 * one read costs its checks whether it is shown or not: 30 instead of 60 took a third off the
 * statement (decision 196). Fewer than 20 left: all the kept ones are read, and the ranking is
 * recomputed in the background.
 */
const TAKE = RECOMMENDED_FRIENDS_MAX + 10;

/**
 * Up to 20 people the viewer does not follow, not blocked either way, not the viewer: friends of
 * friends first, then the most followed, then the newest accounts (decision 141). The ranking is
 * computed once per viewer and kept (friend_suggestions); a request reads it and checks who is
 * followed or blocked *now*, in one indexed statement. A stale ranking is served while a fresh
 * one is computed in the background, one computation per viewer at a time.
 */
export async function recommendFriends(ctx: Suggesting, viewerId: string, onError: (error: unknown) => void = () => {}): Promise<FriendCard[]> {
  const { db } = ctx;
  const read = (take: number) => run(db, suggestionsStatement, { viewerId, take });
  let rows = await read(TAKE);
  // short: many of the first candidates followed since (or none left to read, or never computed)
  const firstReadShort = rows.length < RECOMMENDED_FRIENDS_MAX && (rows[0]?.candidates ?? CANDIDATES_KEPT) > TAKE;
  if (firstReadShort) rows = await read(CANDIDATES_KEPT);
  if (rows.length < RECOMMENDED_FRIENDS_MAX) {
    // never computed (first visit), or most candidates followed since
    const computedAt = rows[0]?.computedAt ?? (await runOne(db, suggestionsExist, { viewerId }))?.computedAt;
    if (!computedAt || ageMs(computedAt) > SHORT_LIST_RECOMPUTE_MS) {
      await computeSuggestions(ctx, viewerId);
      rows = await read(CANDIDATES_KEPT);
    }
  } else if (ageMs(rows[0]!.computedAt) > (firstReadShort ? SHORT_LIST_RECOMPUTE_MS : FRIEND_SUGGESTIONS_TTL_MS)) {
    // a fresh ranking puts the first read back to one statement
    computeSuggestions(ctx, viewerId).catch(onError);
  }
  return rows.map((row) => ({ ...userSummary(row), isFollowing: false }));
}

/** Drops a viewer's kept ranking, so the next request computes it (tests, the benchmark's cold case). */
export async function forgetFriendSuggestions(db: DbOrTx, viewerId: string): Promise<void> {
  await db.delete(friendSuggestions).where(eq(friendSuggestions.userId, viewerId));
}
