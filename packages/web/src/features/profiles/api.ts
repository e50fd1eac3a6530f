import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Profile, UpdateProfileInput, UserPage } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { markStale } from '../../api/staleAfter';
import { sessionKeys } from '../session/api';
import { uploadWithProgress } from './upload';

/** Links to a profile and copying them, for other features' share buttons. */
export { useCopyLink, useProfileLink } from './share';

const all = queryRoots.profiles;

/** Every key starts with the root, so live events can refresh them all. */
export const profileKeys = {
  all,
  profile: (username: string) => [...all, username.toLowerCase()] as const,
  followers: (username: string) => [...profileKeys.profile(username), 'followers'] as const,
  following: (username: string) => [...profileKeys.profile(username), 'following'] as const,
};

export function useProfile(username: string) {
  return useQuery({
    queryKey: profileKeys.profile(username),
    queryFn: () => api.get<Profile>(`/api/users/${encodeURIComponent(username)}`),
  });
}

/** Followers or followings, a page at a time (the server pages them: there may be thousands). */
export function useFollowList(username: string, direction: 'followers' | 'following') {
  return useInfiniteQuery({
    queryKey: direction === 'followers' ? profileKeys.followers(username) : profileKeys.following(username),
    queryFn: ({ pageParam }) =>
      api.get<UserPage>(`/api/users/${encodeURIComponent(username)}/${direction}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Saves the edit-profile form: images first (each with its progress), then the text fields. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      fields: UpdateProfileInput;
      avatar?: File | null;
      cover?: File | null;
      onProgress?: (kind: 'avatar' | 'cover', percent: number) => void;
    }) => {
      if (input.avatar) await uploadWithProgress('/api/me/avatar', input.avatar, (p) => input.onProgress?.('avatar', p));
      if (input.cover) await uploadWithProgress('/api/me/cover', input.cover, (p) => input.onProgress?.('cover', p));
      return api.patch<MeResponse>('/api/me/profile', input.fields);
    },
    onSuccess: ({ user }) => queryClient.setQueryData(sessionKeys.me, user),
    // an image may be saved even if a later step failed: show what the server has
    onSettled: () => markStale(queryClient, 'profileChanged'),
  });
}
