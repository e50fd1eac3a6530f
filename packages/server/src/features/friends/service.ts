import { and, inArray, ne, sql } from 'drizzle-orm';
import { RECOMMENDED_FRIENDS_MAX, SEARCH_RESULTS_MAX, type FriendCard } from '@askbox/common';
import type { Db, DbOrTx } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith } from '../social/rules.js';
import { userSummary } from '../users/views.js';

const cardColumns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  photoUrl: users.photoUrl,
  badge: users.badge,
};

const viewerFollows = (viewerId: string) => sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${users.id})`;

/** LIKE treats % and _ as wildcards: a search for "a_b" means those three characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive substring search on username and full name (pg_trgm GIN indexes on the
 * lower-cased columns), excluding the viewer and anyone in a block with them either way.
 * Exact and prefix username matches come first.
 */
export async function searchUsers(db: DbOrTx, viewerId: string, query: string): Promise<FriendCard[]> {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const pattern = `%${escapeLike(needle)}%`;
  const rows = await db
    .select({ ...cardColumns, isFollowing: viewerFollows(viewerId) })
    .from(users)
    .where(and(sql`(lower(${users.username}) like ${pattern} or lower(${users.fullname}) like ${pattern})`, ne(users.id, viewerId), notBlockedWith(viewerId, users.id)))
    .orderBy(sql`lower(${users.username}) = ${needle} desc`, sql`lower(${users.username}) like ${`${escapeLike(needle)}%`} desc`, users.username)
    .limit(SEARCH_RESULTS_MAX);
  return rows.map((row) => ({ ...userSummary(row), isFollowing: Boolean(row.isFollowing) }));
}

/** How many of the viewer's most recent follows feed the friends-of-friends ranking (bounds its cost). */
const FRIENDS_SAMPLE = 200;
const CANDIDATES = 200;
const POPULAR_TTL_MS = 60_000;

/**
 * The most followed accounts, then the newest ones, shared by every viewer. Counting every
 * follow is a full index scan, so it is cached per database for a minute.
 */
const popularCache = new WeakMap<Db | DbOrTx, { at: number; ids: string[] }>();

export function forgetPopularUsers(db: DbOrTx): void {
  popularCache.delete(db);
}

async function popularUserIds(db: DbOrTx): Promise<string[]> {
  const cached = popularCache.get(db);
  if (cached && Date.now() - cached.at < POPULAR_TTL_MS) return cached.ids;
  const mostFollowed = await queryRows<{ id: string }>(
    db,
    sql`select followee_id as id from follows group by followee_id order by count(*) desc, followee_id limit ${CANDIDATES}`,
  );
  const newest = await queryRows<{ id: string }>(db, sql`select id from users order by created_at desc, id limit ${CANDIDATES}`);
  const ids = [...new Set([...mostFollowed, ...newest].map((r) => r.id))];
  popularCache.set(db, { at: Date.now(), ids });
  return ids;
}

/**
 * Up to 20 people the viewer does not follow, not blocked either way, not the viewer:
 * friends of friends first (by how many of the viewer's follows follow them), then the most
 * followed, then the newest accounts. Every step reads a bounded number of index rows.
 */
export async function recommendFriends(db: DbOrTx, viewerId: string): Promise<FriendCard[]> {
  const friendsOfFriends = await queryRows<{ id: string }>(
    db,
    sql`with mine as (
          select followee_id from follows where follower_id = ${viewerId} order by created_at desc limit ${FRIENDS_SAMPLE}
        )
        select f.followee_id as id
        from follows f join mine m on f.follower_id = m.followee_id
        group by f.followee_id
        order by count(*) desc, f.followee_id
        limit ${CANDIDATES}`,
  );
  const ranked = [...new Set([...friendsOfFriends.map((r) => r.id), ...(await popularUserIds(db))])];
  if (ranked.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(users)
    .where(
      and(
        inArray(users.id, ranked),
        ne(users.id, viewerId),
        sql`not ${viewerFollows(viewerId)}`,
        notBlockedWith(viewerId, users.id),
      ),
    );
  const rank = new Map(ranked.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)
    .slice(0, RECOMMENDED_FRIENDS_MAX)
    .map((row) => ({ ...userSummary(row), isFollowing: false }));
}

