import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteBlockInput, RemoteBlockList, RemoteFollowerList } from '@askbox/common';
import { api } from '../../api/client';
import { profileKeys } from '../profiles/api';

const all = ['federation'] as const;

/** Remote followers of a profile, and the viewer's blocks of remote accounts and servers. */
export const federationKeys = {
  all,
  remoteFollowers: (username: string) => [...all, 'remoteFollowers', username] as const,
  blocks: [...all, 'blocks'] as const,
};

/** Followers on other servers (ActivityPub), shown after the local ones, marked remote. */
export function useRemoteFollowers(username: string) {
  return useQuery({
    queryKey: federationKeys.remoteFollowers(username),
    queryFn: () => api.get<RemoteFollowerList>(`/api/users/${encodeURIComponent(username)}/remote-followers`),
  });
}

export function useRemoteBlocks(enabled = true) {
  return useQuery({ queryKey: federationKeys.blocks, queryFn: () => api.get<RemoteBlockList>('/api/me/remote-blocks'), enabled });
}

/** Blocks a remote account or server; its follows end, so the follower lists and counters change too. */
export function useBlockRemote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoteBlockInput) => api.post<RemoteBlockList>('/api/me/remote-blocks', input),
    onSuccess: (list) => {
      queryClient.setQueryData(federationKeys.blocks, list);
      void queryClient.invalidateQueries({ queryKey: [...all, 'remoteFollowers'] });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useUnblockRemote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoteBlockInput) => api.delete<RemoteBlockList>(`/api/me/remote-blocks?kind=${input.kind}&target=${encodeURIComponent(input.target)}`),
    onSuccess: (list) => queryClient.setQueryData(federationKeys.blocks, list),
  });
}
