import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notBlockedWith } from './blocks.js';

/**
 * Who a viewer may see. Every reader that lists people (followers, search, suggestions,
 * activity) or answers (feed, profiles, likes) filters with these, so a new reason to hide
 * someone is added here once.
 */

/** A WHERE fragment: the user in `userColumn` may appear to the viewer (today: no block either way). */
export function visibleUser(viewerId: string | Placeholder, userColumn: AnyPgColumn | SQL): SQL {
  return notBlockedWith(viewerId, userColumn);
}

/**
 * A WHERE fragment: answers written by the user in `authorColumn` (a question's receiver) may
 * appear to the viewer. The place to make a suspended account's answers vanish (moderation):
 * extend this fragment, and feeds, profiles and likes follow.
 */
export function visibleAuthor(viewerId: string | Placeholder, authorColumn: AnyPgColumn | SQL): SQL {
  return visibleUser(viewerId, authorColumn);
}
