import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReportInput, CreateReportResult, ModerationQueue, ReportAction, ResolveReportResult, SuspendedAccount } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';

const all = queryRoots.moderation;

/** Query keys of the moderation screen; the 'reports' live event makes them all stale. */
export const moderationKeys = { all, queue: [...all, 'queue'] as const, suspended: [...all, 'suspended'] as const };

/** POST /api/reports: a second report of the same item is accepted (alreadyReported). */
export function useReport() {
  return useMutation({ mutationFn: (input: CreateReportInput) => api.post<CreateReportResult>('/api/reports', input) });
}

/** The first page of open reports, oldest first (admins). */
export function useModerationQueue() {
  return useQuery({ queryKey: moderationKeys.queue, queryFn: () => api.get<ModerationQueue>('/api/admin/reports') });
}

export function useSuspendedAccounts() {
  return useQuery({ queryKey: moderationKeys.suspended, queryFn: async () => (await api.get<{ items: SuspendedAccount[] }>('/api/admin/suspended')).items });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReportAction }) =>
      api.post<ResolveReportResult>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, { action }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export function useRestoreAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api.post<{ suspended: boolean }>(`/api/admin/users/${encodeURIComponent(username)}/restore`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
