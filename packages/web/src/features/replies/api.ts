import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HiddenReplyPage, Reply, ReplyPage } from '@askbox/common';
import { api } from '../../api/client';
import { updateCachedAnswer } from '../answers/api';

const REPLIES = 'replies';

export const replyKeys = {
  all: [REPLIES] as const,
  /** The thread under one answer, paged oldest first. */
  thread: (answerId: string) => [REPLIES, 'thread', answerId] as const,
  /** The owner's hidden replies. */
  hidden: () => [REPLIES, 'hidden'] as const,
};

const withCursor = (url: string, cursor: string) => (cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url);

export function useReplyThread(answerId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: replyKeys.thread(answerId),
    queryFn: ({ pageParam }) => api.get<ReplyPage>(withCursor(`/api/answers/${encodeURIComponent(answerId)}/replies`, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export function useHiddenReplies() {
  return useInfiniteQuery({
    queryKey: replyKeys.hidden(),
    queryFn: ({ pageParam }) => api.get<HiddenReplyPage>(withCursor('/api/me/hidden-replies', pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** After a change to a thread: it and the hidden replies refetch, and the answer's count moves by `delta`. */
function afterChange(queryClient: QueryClient, answerId: string, delta: number) {
  if (delta !== 0) updateCachedAnswer(queryClient, answerId, (answer) => ({ ...answer, replyCount: Math.max(0, answer.replyCount + delta) }));
  void queryClient.invalidateQueries({ queryKey: replyKeys.all });
}

export function useSendReply(answerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<Reply>(`/api/answers/${encodeURIComponent(answerId)}/replies`, { text }),
    onSuccess: () => afterChange(queryClient, answerId, 1),
  });
}

/** Delete, hide or show again a reply under `answerId`. */
export function useReplyAction(answerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reply, action }: { reply: Pick<Reply, 'id'>; action: 'delete' | 'hide' | 'show' }) =>
      action === 'delete'
        ? api.delete<void>(`/api/replies/${encodeURIComponent(reply.id)}`)
        : api.post<void>(`/api/replies/${encodeURIComponent(reply.id)}/${action}`),
    onSuccess: (_data, { action, reply }) => {
      const shownBefore = !('reason' in reply);
      afterChange(queryClient, answerId, action === 'show' ? 1 : shownBefore ? -1 : 0);
    },
  });
}
