import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GlobalQuestionInput, GlobalQuestionResult } from '@askbox/common';
import { api } from '../../api/client';
import { counterKeys } from '../notifications/api';
import { questionKeys } from '../questions/api';

/** POST /api/admin/global-question; the admin receives one too, so their inbox refreshes. */
export function useSendGlobalQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GlobalQuestionInput) => api.postOnce<GlobalQuestionResult>('/api/admin/global-question', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
      void queryClient.invalidateQueries({ queryKey: counterKeys.all });
    },
  });
}
