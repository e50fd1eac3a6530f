import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInSessionList } from '@askbox/common';
import { api } from '../../api/client';

export const yourSessionsKeys = { list: ['your-sessions'] as const };

/** Settings › Your sessions: the devices signed in to the account, this one first. */
export function useYourSessions() {
  return useQuery({ queryKey: yourSessionsKeys.list, queryFn: () => api.get<SignedInSessionList>('/api/me/sessions') });
}

/** Signs one other device out; it leaves the list at once, then the list reloads from the server. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`),
    onMutate: (id) => {
      queryClient.setQueryData<SignedInSessionList>(yourSessionsKeys.list, (old) => old && { items: old.items.filter((s) => s.id !== id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: yourSessionsKeys.list }),
  });
}

/** 'Sign out all other sessions': this device stays signed in. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/me/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: yourSessionsKeys.list }),
  });
}
