import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteBlockInput, RemoteBlockList, RemoteFollowerList } from '@askbox/common';
import { api } from '../../api/client';
import { profileKeys } from '../profiles/api';
import { useAppConfig } from '../session/api';

const all = ['federation'] as const;

/** Remote followers of a profile, and the viewer's blocks of remote accounts and servers. */
export const federationKeys = {
  all,
  remoteFollowers: (username: string) => [...all, 'remoteFollowers', username] as const,
  blocks: [...all, 'blocks'] as const,
};

/** Whether this server federates: with FEDERATION=off its remote-* routes do not exist (404). */
export function useFederationOn(): boolean {
  return useAppConfig().data?.federation === true;
}

/** Followers on other servers (ActivityPub), shown after the local ones, marked remote; none asked for when federation is off. */
export function useRemoteFollowers(username: string) {
  const federationOn = useFederationOn();
  return useQuery({
    queryKey: federationKeys.remoteFollowers(username),
    queryFn: () => api.get<RemoteFollowerList>(`/api/users/${encodeURIComponent(username)}/remote-followers`),
    enabled: federationOn,
  });
}

export function useRemoteBlocks() {
  const federationOn = useFederationOn();
  return useQuery({ queryKey: federationKeys.blocks, queryFn: () => api.get<RemoteBlockList>('/api/me/remote-blocks'), enabled: federationOn });
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
