import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notBlockedWith, type ViewerRef } from './blocks.js';

/**
 * Who a viewer may see. Every reader that lists people (followers, search, suggestions,
 * activity) or answers (feed, profiles, likes) filters with these, so a new reason to hide
 * someone is added here once.
 */

/**
 * A WHERE fragment: the account in `userColumn` is not suspended (moderation, decision 108): its
 * answers and its name vanish until an admin restores it. Never applied to the sender of an
 * anonymous question (see questions.ts), or a suspension would unmask them.
 */
export function notSuspended(userColumn: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from users su where su.id = ${userColumn} and su.suspended_at is not null)`;
}

/** A WHERE fragment: the user in `userColumn` may appear to the viewer: no block either way, not suspended. */
export function visibleUser(viewerId: ViewerRef, userColumn: AnyPgColumn | SQL): SQL {
  return sql`${notBlockedWith(viewerId, userColumn)} and ${notSuspended(userColumn)}`;
}

/**
 * A WHERE fragment: answers written by the user in `authorColumn` (a question's receiver) may
 * appear to the viewer: feeds, profiles and likes follow this one fragment.
 */
export function visibleAuthor(viewerId: ViewerRef, authorColumn: AnyPgColumn | SQL): SQL {
  return visibleUser(viewerId, authorColumn);
}
