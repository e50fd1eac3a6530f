import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskedQuestionPage, AskQuestionInput, InboxPage } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { markStale } from '../../api/staleAfter';

const all = queryRoots.questions;

export const questionKeys = {
  all,
  inbox: [...all, 'inbox'] as const,
  asked: [...all, 'asked'] as const,
};

/** The questions the viewer asked, newest first, 20 a page ('Questions I asked'). */
export function useAskedQuestions() {
  return useInfiniteQuery({
    queryKey: questionKeys.asked,
    queryFn: ({ pageParam }) => api.get<AskedQuestionPage>(`/api/me/questions-asked${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Unanswered questions received, newest first, 20 a page. */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: questionKeys.inbox,
    queryFn: ({ pageParam }) => api.get<InboxPage>(`/api/me/inbox${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAskQuestion(receiverUsername: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AskQuestionInput) => api.postOnce<{ id: string }>(`/api/users/${encodeURIComponent(receiverUsername)}/questions`, input),
    onSuccess: () => markStale(queryClient, 'questionAsked'),
  });
}

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => api.postOnce<void>(`/api/questions/${encodeURIComponent(id)}/answer`, { answer }),
    onSuccess: () => markStale(queryClient, 'answered'),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/questions/${encodeURIComponent(id)}`),
    onSuccess: () => markStale(queryClient, 'questionDeleted'),
  });
}
