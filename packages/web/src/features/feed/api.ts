import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

export function useFeed(asOf: string) {
  return useInfiniteQuery({
    queryKey: feedKeys.list(asOf),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ until: asOf });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AnswerPage>(`/api/feed?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
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
