import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilteredPage } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';

// under the questions' root: whatever makes the inbox stale makes the folder stale too
const filteredKey = [...queryRoots.questions, 'filtered'] as const;

/** The Filtered folder: questions the viewer's muted words kept out, newest first, 20 a page. */
export function useFilteredQuestions() {
  return useInfiniteQuery({
    queryKey: filteredKey,
    queryFn: ({ pageParam }) => api.get<FilteredPage>(`/api/me/filtered${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Moves a filtered question to the inbox, or deletes it; the folder, the inbox and the badge refetch. */
export function useFilteredAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'toInbox' | 'delete' }) =>
      action === 'toInbox'
        ? api.post<void>(`/api/me/filtered/${encodeURIComponent(id)}/inbox`)
        : api.delete<void>(`/api/me/filtered/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.questions });
      void queryClient.invalidateQueries({ queryKey: queryRoots.counters });
    },
  });
}
