import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FollowState, FriendList, Profile } from '@askbox/common';
import { api } from '../../api/client';
import { profileKeys } from '../profiles/api';
import { friendKeys } from '../friends/api';
import { createSerialQueue } from './serialQueue';

/** Requests for one user run one after another: the last tap wins (the server is idempotent). */
const followQueue = createSerialQueue();
const enqueue = followQueue.run;
const isIdle = followQueue.isIdle;

/** Shows the new state everywhere the user appears, before the server answers. */
function applyFollow(queryClient: QueryClient, username: string, following: boolean, followers?: number) {
  queryClient.setQueryData<Profile>(profileKeys.profile(username), (old) => {
    if (!old) return old;
    const delta = old.viewer.isFollowing === following ? 0 : following ? 1 : -1;
    return { ...old, viewer: { ...old.viewer, isFollowing: following }, counts: { ...old.counts, followers: followers ?? Math.max(0, old.counts.followers + delta) } };
  });
  queryClient.setQueriesData<FriendList>({ queryKey: friendKeys.all }, (old) =>
    old ? { items: old.items.map((u) => (u.username === username ? { ...u, isFollowing: following } : u)) } : old,
  );
}

export function useFollowToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, follow }: { username: string; follow: boolean }) =>
      enqueue(username, () => (follow ? api.post<FollowState>(`/api/users/${username}/follow`) : api.delete<FollowState>(`/api/users/${username}/follow`))),
    onMutate: async ({ username, follow }) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.profile(username) });
      applyFollow(queryClient, username, follow);
    },
    onSuccess: (state, { username }) => {
      // only the answer to the last tap describes the final state
      if (isIdle(username)) applyFollow(queryClient, username, state.isFollowing, state.followers);
    },
    onSettled: (_data, _error, { username }) => {
      if (!isIdle(username)) return;
      // reconcile: the server decides (blocks, concurrent changes), and my own followings count moved
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      // search results refetch; the recommendations keep the person (now 'Following') until the next visit
      void queryClient.invalidateQueries({ queryKey: friendKeys.searches });
      void queryClient.invalidateQueries({ queryKey: friendKeys.recommended, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
