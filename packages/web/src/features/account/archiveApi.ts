import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountImport } from '@askbox/common';
import { api } from '../../api/client';
import type { SecondFactorGuard } from '../twoFactor/api';
import { downloadFile } from './api';

/** How often an import under way is asked for its progress. */
export const IMPORT_POLL_MS = 2000;

export const archiveKeys = { latestImport: ['me', 'imports', 'latest'] as const };

const underWay = (job: AccountImport | null | undefined) => job?.status === 'queued' || job?.status === 'running';

/** The latest import and its progress, read from the server (so a reload shows it), asked again while it is under way. */
export function useLatestImport() {
  return useQuery({
    queryKey: archiveKeys.latestImport,
    queryFn: async () => (await api.get<{ import: AccountImport | null }>('/api/me/imports/latest')).import,
    refetchInterval: (query) => (underWay(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** Sends an archive: refused at once when it cannot be imported, else the import starts in the background. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<AccountImport>('/api/me/imports', form);
    },
    onSuccess: (job) => queryClient.setQueryData(archiveKeys.latestImport, job),
  });
}

/** "Download my archive" (a fresh second factor first when two-factor sign-in wants one). */
export function useDownloadArchive(guard: SecondFactorGuard) {
  return useMutation({ mutationFn: () => guard(() => downloadFile('/api/me/archive', 'askbox-archive.tar.gz')) });
}
