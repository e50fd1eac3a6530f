import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AskedQuestionPage, AskQuestionInput, InboxPage } from '@askbox/common';
import { api } from '../../api/client';
import { counterKeys } from '../notifications/api';
import { profileKeys } from '../profiles/api';

const all = ['questions'] as const;

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
    // a question to yourself lands in your own inbox
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

/** After an answer or a deletion the inbox, the tab badge and the own profile change. */
function invalidateAfterInboxChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: questionKeys.all });
  void queryClient.invalidateQueries({ queryKey: counterKeys.all });
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => api.postOnce<void>(`/api/questions/${encodeURIComponent(id)}/answer`, { answer }),
    onSuccess: () => invalidateAfterInboxChange(queryClient),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/questions/${encodeURIComponent(id)}`),
    onSuccess: () => invalidateAfterInboxChange(queryClient),
  });
}
