import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockState, UserList } from '@askbox/common';
import { api } from '../../api/client';
import { answerKeys } from '../answers/api';
import { profileKeys } from '../profiles/api';
import { friendKeys } from '../friends/api';

export const blockKeys = { mine: ['blocks'] as const };

/** The viewer's own block list; a failed load shows an empty list (spec). */
export function useBlockedUsers() {
  return useQuery({ queryKey: blockKeys.mine, queryFn: () => api.get<UserList>('/api/me/blocks'), retry: 1 });
}

export function useBlockToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, block }: { username: string; block: boolean }) =>
      block ? api.post<BlockState>(`/api/users/${username}/block`) : api.delete<BlockState>(`/api/users/${username}/block`),
    onSuccess: (_state, { username, block }) => {
      if (!block) queryClient.setQueryData<UserList>(blockKeys.mine, (old) => (old ? { items: old.items.filter((u) => u.username !== username) } : old));
    },
    onSettled: (_state, _error, { username, block }) => {
      // a block removes follows both ways: every count, list and feed may change
      void queryClient.invalidateQueries({ queryKey: blockKeys.mine });
      // ...except the blocked user's answers: their screen turns into 'User blocked', and asking for
      // them again would only be refused (403); an unblock refreshes them
      const blockedAnswers = answerKeys.ofProfile(username);
      void queryClient.invalidateQueries({
        queryKey: profileKeys.all,
        predicate: (query) => !block || blockedAnswers.some((part, i) => query.queryKey[i] !== part),
      });
      void queryClient.invalidateQueries({ queryKey: friendKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
