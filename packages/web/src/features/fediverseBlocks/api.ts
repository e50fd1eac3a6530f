import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FediverseServerBlockInput, FediverseServerBlockList } from '@askbox/common';
import { api } from '../../api/client';

const serverBlockKeys = { all: ['admin', 'fediverse-blocks'] as const };

/** The remote servers blocked for the whole instance, as the server lists them (admins). */
export function useServerBlocks() {
  return useQuery({
    queryKey: serverBlockKeys.all,
    queryFn: async () => (await api.get<FediverseServerBlockList>('/api/admin/fediverse/blocks')).items,
  });
}

export function useBlockServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FediverseServerBlockInput) => api.post<{ blocked: true; changed: boolean }>('/api/admin/fediverse/blocks', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serverBlockKeys.all }),
  });
}

export function useUnblockServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => api.delete<{ blocked: false; changed: boolean }>(`/api/admin/fediverse/blocks/${encodeURIComponent(domain)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serverBlockKeys.all }),
  });
}
