import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement, Announcement, AnnouncementInput, InstancePage, InstancePageSlug } from '@askbox/common';
import { api } from '../../api/client';
import { useLocale } from '../../i18n';

const root = ['instance'] as const;
export const instanceKeys = {
  page: (slug: InstancePageSlug, locale: string) => [...root, 'page', slug, locale] as const,
  rules: (locale: string) => [...root, 'rules', locale] as const,
  announcement: (locale: string) => [...root, 'announcement', locale] as const,
  adminAnnouncement: [...root, 'admin-announcement'] as const,
};

/** One of the instance's pages, in the language shown (the default text follows it). */
export function useInstancePage(slug: InstancePageSlug) {
  const locale = useLocale();
  return useQuery({ queryKey: instanceKeys.page(slug, locale), queryFn: () => api.get<InstancePage>(`/api/pages/${slug}?locale=${locale}`) });
}

export function useSaveInstancePage(slug: InstancePageSlug) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (markdown: string) => api.put<InstancePage>(`/api/admin/pages/${slug}?locale=${locale}`, { markdown }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

/** The rules a report may name. */
export function useInstanceRules(enabled: boolean) {
  const locale = useLocale();
  return useQuery({
    queryKey: instanceKeys.rules(locale),
    queryFn: async () => (await api.get<{ rules: string[] }>(`/api/rules?locale=${locale}`)).rules,
    enabled,
  });
}

export function useAnnouncement() {
  const locale = useLocale();
  return useQuery({
    queryKey: instanceKeys.announcement(locale),
    queryFn: async () => (await api.get<{ announcement: Announcement | null }>(`/api/announcement?locale=${locale}`)).announcement,
    // a scheduled banner appears within a few minutes of its start
    refetchInterval: 5 * 60_000,
  });
}

export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<null>(`/api/announcement/${encodeURIComponent(id)}/dismiss`),
    onMutate: (id) => {
      // gone at once; the server remembers it for every device
      queryClient.setQueriesData<Announcement | null>({ queryKey: [...root, 'announcement'] }, (current) => (current?.id === id ? null : current));
    },
  });
}

export function useAdminAnnouncement() {
  return useQuery({
    queryKey: instanceKeys.adminAnnouncement,
    queryFn: async () => (await api.get<AdminAnnouncement>('/api/admin/announcement')).announcement,
  });
}

export function useScheduleAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => api.put<AdminAnnouncement>('/api/admin/announcement', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export function useEndAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/api/admin/announcement'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}
