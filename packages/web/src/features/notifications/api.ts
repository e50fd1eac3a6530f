import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityGroupList, ActivityGroupPeople, AnswerNotification, Counters, NotificationTab } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';

const all = queryRoots.notifications;

export const notificationKeys = {
  all,
  activity: [...all, 'activity'] as const,
  groups: [...all, 'activity', 'groups'] as const,
  groupPeople: (groupId: string) => [...all, 'activity', 'group-people', groupId] as const,
  answers: [...all, 'answers'] as const,
};

/** The nav badge counts; live events invalidate them. */
export const counterKeys = { all: queryRoots.counters };

interface List<T> {
  items: T[];
  nextCursor: null;
}

export function useCounters(enabled = true) {
  return useQuery({ queryKey: counterKeys.all, queryFn: () => api.get<Counters>('/api/me/counters'), enabled, staleTime: 30_000 });
}

const withCursor = (path: string, cursor: string) => (cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);

/** The Activity tab, grouped per answer and per day by the server, newest first. */
export function useActivityGroups() {
  return useInfiniteQuery({
    queryKey: notificationKeys.groups,
    queryFn: ({ pageParam }) => api.get<ActivityGroupList>(withCursor('/api/notifications/activity/groups', pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Everyone in one group, loaded when the row is expanded. */
export function useActivityGroupPeople(groupId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.groupPeople(groupId),
    queryFn: ({ pageParam }) => api.get<ActivityGroupPeople>(withCursor(`/api/notifications/activity/groups/${encodeURIComponent(groupId)}/people`, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export function useAnswerNotifications() {
  return useQuery({ queryKey: notificationKeys.answers, queryFn: () => api.get<List<AnswerNotification>>('/api/notifications/answers') });
}

/** Stores now as the tab's last-read time; the server answers the fresh counters. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tab: NotificationTab) => api.post<Counters>('/api/notifications/read', { tab }),
    onSuccess: (counters) => queryClient.setQueryData(counterKeys.all, counters),
  });
}
