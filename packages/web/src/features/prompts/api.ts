import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddPromptInput, AdminPrompt } from '@askbox/common';
import { api } from '../../api/client';

const adminPromptsKey = ['prompts', 'admin'] as const;

/** The ideas of questions admins added (Settings › Instance pages). */
export function useAdminPrompts() {
  return useQuery({ queryKey: adminPromptsKey, queryFn: async () => (await api.get<{ prompts: AdminPrompt[] }>('/api/admin/prompts')).prompts });
}

export function useAddPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPromptInput) => api.post<AdminPrompt>('/api/admin/prompts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPromptsKey }),
  });
}

export function useRemovePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/admin/prompts/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPromptsKey }),
  });
}
