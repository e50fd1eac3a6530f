import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, UpdateAccountSettingsInput } from '@askbox/common';
import { api } from '../../api/client';

const all = ['settings'] as const;

export const settingsKeys = { all, mine: [...all, 'mine'] as const };

/** The signed-in user's preferences (GET /api/me/settings). */
export function useSettings() {
  return useQuery({ queryKey: settingsKeys.mine, queryFn: () => api.get<AccountSettings>('/api/me/settings'), staleTime: 60_000 });
}

/**
 * Changes some preferences: shown at once, then the server's word; a failure puts back what the
 * server last said. Callers say what a failure means to the user.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountSettingsInput) => api.patch<AccountSettings>('/api/me/settings', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.mine });
      const before = queryClient.getQueryData<AccountSettings>(settingsKeys.mine);
      if (before) queryClient.setQueryData<AccountSettings>(settingsKeys.mine, { ...before, ...input });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(settingsKeys.mine, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.mine, settings),
  });
}
