import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { BlockState, Profile, UserList } from '@askbox/common';
import { api } from '../../api/client';
import { useToggleMutation, type Toggle } from '../../api/toggleQueue';
import { invalidateProfilesExceptAnswers } from '../answers/api';
import { feedKeys } from '../feed/api';
import { friendKeys } from '../friends/api';
import { profileKeys } from '../profiles/api';

const all = ['blocks'] as const;

export const blockKeys = { all, mine: [...all, 'mine'] as const };

/** The viewer's own block list; a failed load shows an empty list (spec). */
export function useBlockedUsers() {
  return useQuery({ queryKey: blockKeys.mine, queryFn: () => api.get<UserList>('/api/me/blocks'), retry: 1 });
}

/** Blocks: shown at once on the profile (and an unblocked person leaves the list), then the server's word. */
export function blockToggle(queryClient: QueryClient): Toggle<BlockState> {
  return {
    show: (username, blocked) => showBlock(queryClient, username, blocked),
    send: (username, blocked) => {
      const url = `/api/users/${encodeURIComponent(username)}/block`;
      return blocked ? api.post<BlockState>(url) : api.delete<BlockState>(url);
    },
    reconcile: (username, state) => {
      showBlock(queryClient, username, state.blockedByViewer);
      refreshAfterBlock(queryClient, username, state.blockedByViewer);
    },
    rollBack: (username, blocked) => {
      showBlock(queryClient, username, blocked);
      refreshAfterBlock(queryClient, username, blocked);
    },
  };
}

/** `mutate({ key: username, on: blocked })`; callers confirm first and say what a failure means. */
export const useBlockToggle = () => useToggleMutation(blockToggle);

function showBlock(queryClient: QueryClient, username: string, blocked: boolean) {
  queryClient.setQueryData<Profile>(profileKeys.profile(username), (old) => old && { ...old, viewer: { ...old.viewer, blockedByViewer: blocked } });
  if (!blocked) queryClient.setQueryData<UserList>(blockKeys.mine, (old) => old && { items: old.items.filter((u) => u.username !== username) });
}

/** A block removes follows both ways: every count, list and feed may change. */
function refreshAfterBlock(queryClient: QueryClient, username: string, blocked: boolean) {
  void queryClient.invalidateQueries({ queryKey: blockKeys.all });
  // ...except the blocked user's answers: their screen turns into 'User blocked', and asking for
  // them again would only be refused (403); an unblock refreshes them
  if (blocked) void invalidateProfilesExceptAnswers(queryClient, profileKeys.all, username);
  else void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  void queryClient.invalidateQueries({ queryKey: friendKeys.all });
  void queryClient.invalidateQueries({ queryKey: feedKeys.all });
}
