import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityItem, AnswerNotification, Counters, NotificationTab } from '@askbox/common';
import { api } from '../../api/client';

const all = ['notifications'] as const;

export const notificationKeys = {
  all,
  activity: [...all, 'activity'] as const,
  answers: [...all, 'answers'] as const,
};

/** The nav badge counts; live events invalidate them. */
export const counterKeys = { all: ['counters'] as const };

interface List<T> {
  items: T[];
  nextCursor: null;
}

export function useCounters(enabled = true) {
  return useQuery({ queryKey: counterKeys.all, queryFn: () => api.get<Counters>('/api/me/counters'), enabled, staleTime: 30_000 });
}

export function useActivity() {
  return useQuery({ queryKey: notificationKeys.activity, queryFn: () => api.get<List<ActivityItem>>('/api/notifications/activity') });
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
