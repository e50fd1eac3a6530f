import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditPage, Dashboard, DashboardQueue, Role, TeamMember } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';

const all = [...queryRoots.moderation, 'team'] as const;
export const teamKeys = { all, members: [...all, 'members'] as const, audit: [...all, 'audit'] as const, dashboard: [...all, 'dashboard'] as const };

/** Every admin and moderator (admins). */
export function useTeam() {
  return useQuery({ queryKey: teamKeys.members, queryFn: async () => (await api.get<{ items: TeamMember[] }>('/api/admin/team')).items });
}

/** PUT /api/admin/users/:username/role (admins); the audit log gains an entry. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: Role }) =>
      api.put<{ role: Role }>(`/api/admin/users/${encodeURIComponent(username)}/role`, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** The audit log, newest first, page by page (admins). */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: teamKeys.audit,
    initialPageParam: '',
    queryFn: ({ pageParam }) => api.get<AuditPage>(`/api/admin/audit${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The admins' dashboard. */
export function useDashboard() {
  return useQuery({ queryKey: teamKeys.dashboard, queryFn: () => api.get<Dashboard>('/api/admin/dashboard') });
}

/** Retry or discard one failed delivery (admins); the dashboard and the audit log refresh. */
export function useSettleDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id, action }: { queue: DashboardQueue; id: string; action: 'retry' | 'discard' }) => {
      const url = `/api/admin/deliveries/${queue}/${encodeURIComponent(id)}`;
      return action === 'retry' ? api.post<null>(`${url}/retry`) : api.delete<null>(url);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
