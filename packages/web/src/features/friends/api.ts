import { useQuery } from '@tanstack/react-query';
import type { FriendList } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';

const all = queryRoots.friends;
const searches = queryRoots.friendSearches;

export const friendKeys = {
  all,
  searches,
  search: (q: string) => [...searches, q] as const,
  recommended: queryRoots.friendsRecommended,
};

export function useUserSearch(query: string) {
  const q = query.trim().toLowerCase();
  return useQuery({
    queryKey: friendKeys.search(q),
    queryFn: ({ signal }) => api.get<FriendList>(`/api/users/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q !== '',
    staleTime: 30_000,
  });
}

export function useRecommendedFriends() {
  return useQuery({ queryKey: friendKeys.recommended, queryFn: () => api.get<FriendList>('/api/users/recommended') });
}
