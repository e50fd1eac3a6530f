import type { QueryClient } from '@tanstack/react-query';
import type { FollowState, FriendList, Profile } from '@askbox/common';
import { api } from '../../api/client';
import { markStale } from '../../api/staleAfter';
import { useToggleMutation, type Toggle } from '../../api/toggleQueue';
import { friendKeys } from '../friends/api';
import { profileKeys } from '../profiles/api';

/** Follows: shown at once on the profile and in friend lists, then the server's follower count. */
export function followToggle(queryClient: QueryClient): Toggle<FollowState> {
  return {
    show: (username, following) => {
      // a profile fetch already on its way would overwrite the tap with the old state
      void queryClient.cancelQueries({ queryKey: profileKeys.profile(username), exact: true });
      showFollow(queryClient, username, following);
    },
    send: (username, following) => {
      const url = `/api/users/${encodeURIComponent(username)}/follow`;
      return following ? api.post<FollowState>(url) : api.delete<FollowState>(url);
    },
    reconcile: (username, state) => {
      showFollow(queryClient, username, state.isFollowing, state.followers);
      markStale(queryClient, state.isFollowing ? 'followed' : 'unfollowed');
    },
    rollBack: (username, following) => {
      showFollow(queryClient, username, following);
      markStale(queryClient, following ? 'followed' : 'unfollowed');
    },
  };
}

/**
 * `mutate({ key: username, on: following })`. A failed follow is silent but for the block
 * refusal, which the caller tells the user about.
 */
export const useFollowToggle = () => useToggleMutation(followToggle);

/** Shows the state everywhere the user appears: their profile and every friend list. */
function showFollow(queryClient: QueryClient, username: string, following: boolean, followers?: number) {
  queryClient.setQueryData<Profile>(profileKeys.profile(username), (old) => {
    if (!old) return old;
    const delta = old.viewer.isFollowing === following ? 0 : following ? 1 : -1;
    return {
      ...old,
      viewer: { ...old.viewer, isFollowing: following },
      counts: { ...old.counts, followers: followers ?? Math.max(0, old.counts.followers + delta) },
    };
  });
  queryClient.setQueriesData<FriendList>({ queryKey: friendKeys.all }, (old) =>
    old ? { items: old.items.map((u) => (u.username === username ? { ...u, isFollowing: following } : u)) } : old,
  );
}
