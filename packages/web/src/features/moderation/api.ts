import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppealEntry,
  AppealInput,
  BlockSenderResult,
  CreateReportInput,
  CreateReportResult,
  ModerationQueue,
  RemoveQuestionsResult,
  SenderBlock,
  ReportAction,
  ResolveReportResult,
  SuspendedAccount,
} from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { withPasswordChallenge } from '../challenge/api';

const all = queryRoots.moderation;

/** Query keys of the moderation screen; the 'reports' live event makes them all stale. */
export const moderationKeys = {
  all,
  queue: [...all, 'queue'] as const,
  suspended: [...all, 'suspended'] as const,
  appeals: [...all, 'appeals'] as const,
  senderBlocks: [...all, 'sender-blocks'] as const,
};

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
    mutationFn: ({ id, action, reason = '', until = null }: { id: string; action: ReportAction; reason?: string; until?: string | null }) =>
      api.post<ResolveReportResult>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, { action, reason, until }),
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

/** 'Block this sender everywhere' on a reported anonymous question. */
export function useBlockSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => api.post<BlockSenderResult>(`/api/admin/reports/${encodeURIComponent(reportId)}/block-sender`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** 'Remove this account's questions from every inbox'. */
export function useRemoveQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api.post<RemoveQuestionsResult>(`/api/admin/users/${encodeURIComponent(username)}/remove-questions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** The open suspension appeals, oldest first. */
export function useAppeals() {
  return useQuery({ queryKey: moderationKeys.appeals, queryFn: async () => (await api.get<{ items: AppealEntry[] }>('/api/admin/appeals')).items });
}

/** A suspended person's one appeal, from the sign-in screen (email and password prove who they are). */
export function useAppeal() {
  return useMutation({ mutationFn: (input: AppealInput) => withPasswordChallenge((body) => api.post<{ sent: true }>('/api/auth/appeal', body), input) });
}

/** The instance-wide blocks of anonymous senders, each shown by the question it was made from. */
export function useSenderBlocks() {
  return useQuery({ queryKey: moderationKeys.senderBlocks, queryFn: async () => (await api.get<{ items: SenderBlock[] }>('/api/admin/sender-blocks')).items });
}

/** Lifts one of them: that sender's anonymous questions reach inboxes again. */
export function useLiftSenderBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/admin/sender-blocks/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
