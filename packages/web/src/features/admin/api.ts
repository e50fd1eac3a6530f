import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GlobalQuestionInput, GlobalQuestionResult } from '@askbox/common';
import { api } from '../../api/client';
import { markStale } from '../../api/staleAfter';

/** POST /api/admin/global-question; the admin receives one too, so their inbox refreshes. */
export function useSendGlobalQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GlobalQuestionInput) => api.postOnce<GlobalQuestionResult>('/api/admin/global-question', input),
    onSuccess: () => markStale(queryClient, 'globalQuestionSent'),
  });
}
