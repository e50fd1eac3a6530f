import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskQuestionInput } from '@askbox/common';
import { api } from '../../api/client';
import { markStale } from '../../api/staleAfter';

/** 'Ask my followers': one question to everyone who follows the viewer (3 a day). */
export function useAskFollowers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AskQuestionInput) => api.post<void>('/api/me/followers/questions', input),
    onSuccess: () => markStale(queryClient, 'questionAsked'),
  });
}
