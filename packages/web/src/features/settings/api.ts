import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, UpdateAccountSettingsInput } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { markStale } from '../../api/staleAfter';

const all = queryRoots.settings;

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
    onSuccess: (settings, input) => {
      queryClient.setQueryData(settingsKeys.mine, settings);
      if (input.publicProfile !== undefined) markStale(queryClient, 'publicProfileChanged');
    },
  });
}

/**
 * One preference as a control shows it: the user's choice from the very event that made it (a
 * switch must not flip back while the cache update and the request run, or a fast second tap and
 * assistive technology read the old state), then the server's word once the request settles.
 */
export function useSetting<K extends keyof AccountSettings>(key: K) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const [chosen, setChosen] = useState<{ value: AccountSettings[K] } | null>(null);
  const latest = useRef(0);
  const set = (value: AccountSettings[K], options?: { onError?: () => void }) => {
    const call = ++latest.current;
    setChosen({ value });
    update.mutate({ [key]: value } as UpdateAccountSettingsInput, {
      onError: options?.onError,
      // only the last of several quick changes hands the control back to the server's word
      onSettled: () => {
        if (call === latest.current) setChosen(null);
      },
    });
  };
  return { value: chosen ? chosen.value : settings.data?.[key], set, isLoading: settings.isPending };
}
