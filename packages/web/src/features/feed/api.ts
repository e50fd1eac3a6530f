import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { FeedNewCount, AnswerPage } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';

/** How often the 'New answers' count is polled; live events also invalidate feedKeys.newCounts. */
export const NEW_ANSWERS_POLL_MS = 30_000;

const all = queryRoots.feed;
const lists = [...all, 'list'] as const;
const newCounts = queryRoots.feedNewCounts;

export const feedKeys = {
  all,
  lists,
  /** The list as of `asOf`: refetches (likes, live invalidations) never add newer answers to it. */
  list: (asOf: string) => [...lists, asOf] as const,
  newCounts,
  newCount: (since: string) => [...newCounts, since] as const,
};

const feedQuery = (asOf: string) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(asOf),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ until: asOf });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AnswerPage>(`/api/feed?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useFeed(asOf: string) {
  return useInfiniteQuery(feedQuery(asOf));
}

let bootAsOf: string | null = null;

/**
 * /home opened: its first page is asked for beside the session, not once the screen has mounted
 * under the splash (decision 334). Signed out, it answers 401 before anyone is known, which
 * changes nothing.
 */
export function prefetchFeedAtBoot(queryClient: QueryClient): void {
  bootAsOf = new Date().toISOString();
  void queryClient.prefetchInfiniteQuery(feedQuery(bootAsOf));
}

/** The moment the boot's first page is pinned to, for the first /home only; later visits start a fresh list. */
export function bootFeedAsOf(): string | null {
  return bootAsOf;
}

export function forgetBootFeed(): void {
  bootAsOf = null;
}

/** Answers that arrived in the feed since the list was loaded (the pill's count). */
export function useNewAnswersCount(since: string) {
  return useQuery({
    queryKey: feedKeys.newCount(since),
    queryFn: async () => (await api.get<FeedNewCount>(`/api/feed/new-count?since=${encodeURIComponent(since)}`)).count,
    refetchInterval: NEW_ANSWERS_POLL_MS,
    staleTime: 0,
  });
}
