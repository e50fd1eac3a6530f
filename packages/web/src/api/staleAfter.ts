import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DomainEventType, LiveEventType } from '@askbox/common';
import { queryRoots as keys } from './queryRoots';

/** A key made stale; `refetchType: 'none'` leaves what is on screen until its next visit. */
type Stale = QueryKey | { queryKey: QueryKey; refetchType: 'none' };

/** Every cached list of people, counts and questions: after a gap in the live stream. */
const everything = [keys.questions, keys.feedNewCounts, keys.notifications, keys.counters, keys.profiles, keys.moderation, keys.settings];

/**
 * What each change makes stale, in one table: the viewer's own changes by the server's domain
 * event names (a mutation calls `markStale` with the event its request emits), and what others
 * changed by the live stream's event types (GET /api/events, which stays coarser per audience on
 * purpose: a follower hears 'answer', never whether an account was suspended).
 *
 * The home feed list itself is never refetched by a live event (spec: only the 'New answers' pill
 * changes until it is tapped), so 'answer' touches the new-answers count only.
 */
export const staleAfter = {
  // the viewer's own changes
  questionAsked: [keys.questions], // a question to yourself lands in your own inbox
  answered: [keys.questions, keys.counters, keys.profiles],
  questionDeleted: [keys.questions, keys.counters, keys.profiles],
  globalQuestionSent: [keys.questions, keys.counters], // the admin receives one too
  // the server decides (blocks, concurrent changes), and the viewer's own followings count and feed
  // moved; search results refetch, the recommendations keep the person ('Following') until the next visit
  followed: [keys.profiles, keys.friendSearches, { queryKey: keys.friendsRecommended, refetchType: 'none' }, keys.feed],
  unfollowed: [keys.profiles, keys.friendSearches, { queryKey: keys.friendsRecommended, refetchType: 'none' }, keys.feed],
  profileChanged: [keys.me, keys.profiles],
  publicProfileChanged: [keys.profiles], // each answer says whether it may be shared by anyone
  // what others changed, from the live stream
  question: [keys.questions, keys.counters, keys.profiles],
  answer: [keys.feedNewCounts, keys.profiles],
  notification: [keys.notifications, keys.counters, keys.profiles],
  counters: [keys.counters],
  reports: [keys.moderation], // admins' moderation queue (new or resolved reports)
  settings: [keys.settings], // chosen on another device: language and theme follow (AccountLocale, AccountTheme)
  resync: everything,
} satisfies Partial<Record<DomainEventType, readonly Stale[]>> & Record<LiveEventType, readonly Stale[]>;

export type StaleEvent = keyof typeof staleAfter;

/** Marks stale what `event` changed: the screens showing it refetch. */
export function markStale(queryClient: QueryClient, event: StaleEvent): void {
  for (const stale of staleAfter[event] as readonly Stale[]) {
    if (Array.isArray(stale)) void queryClient.invalidateQueries({ queryKey: stale });
    else void queryClient.invalidateQueries(stale as { queryKey: QueryKey; refetchType: 'none' });
  }
}
