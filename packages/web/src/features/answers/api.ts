import {
  partialMatchKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Answer, AnswerPage } from '@askbox/common';
import { api } from '../../api/client';
import { markStale } from '../../api/staleAfter';
import { feedKeys } from '../feed/api';
import { profileKeys } from '../profiles/api';

const ANSWERS = 'answers';
const PINNED = 'pinned';

export const answerKeys = {
  /** Answers of one profile; under the profile's key so profile invalidations reach them. */
  ofProfile: (username: string) => [...profileKeys.profile(username), ANSWERS] as const,
  /** Its pinned answers (at most 3, not paged). */
  pinnedOf: (username: string) => [...profileKeys.profile(username), PINNED] as const,
};

const isPinnedAnswers = (key: QueryKey) => partialMatchKey(key, profileKeys.all) && key[2] === PINNED;

export function usePinnedAnswers(username: string) {
  return useQuery({
    queryKey: answerKeys.pinnedOf(username),
    queryFn: () => api.get<{ items: Answer[] }>(`/api/users/${encodeURIComponent(username)}/answers/pinned`),
  });
}

/** The owner pins one of their answers to the top of their profile, or unpins it. */
export function usePinAnswer(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, pinned }: { answerId: string; pinned: boolean }) =>
      pinned ? api.put<void>(`/api/answers/${encodeURIComponent(answerId)}/pin`) : api.delete<void>(`/api/answers/${encodeURIComponent(answerId)}/pin`),
    onSuccess: (_data, { answerId, pinned }) => {
      updateCachedAnswer(queryClient, answerId, (answer) => ({ ...answer, pinned }));
      void queryClient.invalidateQueries({ queryKey: answerKeys.pinnedOf(username) });
    },
  });
}

/** Any profile's answers list. */
const isProfileAnswers = (key: QueryKey) => partialMatchKey(key, profileKeys.all) && key[2] === ANSWERS;

export function useProfileAnswers(username: string) {
  return useInfiniteQuery({
    queryKey: answerKeys.ofProfile(username),
    queryFn: ({ pageParam }) =>
      api.get<AnswerPage>(`/api/users/${encodeURIComponent(username)}/answers${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The owner deletes one of their answers (its likes go with it on the server). */
export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) => api.delete<void>(`/api/answers/${encodeURIComponent(answerId)}`),
    onSuccess: (_data, answerId) => {
      removeCachedAnswer(queryClient, answerId);
      // the profile's Answers and Likes counters change
      markStale(queryClient, 'questionDeleted');
    },
  });
}

/**
 * Refreshes everything under `queryKey` (a profile, or every profile) except `username`'s answers
 * list: a like leaves that list up to date, and across a block asking for it would be refused.
 */
export function invalidateProfilesExceptAnswers(queryClient: QueryClient, queryKey: QueryKey, username: string) {
  const answers = answerKeys.ofProfile(username);
  return queryClient.invalidateQueries({ queryKey, predicate: (query) => !partialMatchKey(query.queryKey, answers) });
}

// Every cached copy of an answer: the home feed lists and each profile's answers.

const isAnswerList = (key: QueryKey) => partialMatchKey(key, feedKeys.lists) || isProfileAnswers(key);

/** Applies `change` to every cached copy of one answer (feed and profiles alike). */
export function updateCachedAnswer(queryClient: QueryClient, answerId: string, change: (answer: Answer) => Answer): void {
  queryClient.setQueriesData<InfiniteData<AnswerPage>>(
    { predicate: (q) => isAnswerList(q.queryKey) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.map((answer) => (answer.id === answerId ? change(answer) : answer)) })),
      },
  );
  queryClient.setQueriesData<{ items: Answer[] }>(
    { predicate: (q) => isPinnedAnswers(q.queryKey) },
    (data) => data && { items: data.items.map((answer) => (answer.id === answerId ? change(answer) : answer)) },
  );
}

/** Drops a deleted answer from every cached list. */
function removeCachedAnswer(queryClient: QueryClient, answerId: string): void {
  queryClient.setQueriesData<InfiniteData<AnswerPage>>(
    { predicate: (q) => isAnswerList(q.queryKey) },
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((answer) => answer.id !== answerId) })) },
  );
  queryClient.setQueriesData<{ items: Answer[] }>(
    { predicate: (q) => isPinnedAnswers(q.queryKey) },
    (data) => data && { items: data.items.filter((answer) => answer.id !== answerId) },
  );
}

export function findCachedAnswer(queryClient: QueryClient, answerId: string): Answer | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<AnswerPage>>({ predicate: (q) => isAnswerList(q.queryKey) })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((answer) => answer.id === answerId);
      if (found) return found;
    }
  }
  return undefined;
}

export const invalidateAnswerLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (q) => isAnswerList(q.queryKey) });
