import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BlockedAskerList, MutedWordList } from '@askbox/common';
import { api } from '../../api/client';
import { blockKeys } from '../blocks/api';
import { feedKeys } from '../feed/api';
import { friendKeys } from '../friends/api';
import { counterKeys } from '../notifications/api';
import { profileKeys } from '../profiles/api';
import { questionKeys } from '../questions/api';

const all = ['safety'] as const;

export const safetyKeys = { all, blockedAskers: [...all, 'blocked-askers'] as const, mutedWords: [...all, 'muted-words'] as const };

/** Settings › Blocked users: anonymous askers blocked from the inbox, shown as their question. */
export function useBlockedAskers() {
  return useQuery({ queryKey: safetyKeys.blockedAskers, queryFn: () => api.get<BlockedAskerList>('/api/me/blocked-askers'), retry: 1 });
}

/** 'Block this asker' on an inbox question: the inbox, its badge and both block lists change (a named sender is blocked by name). */
export function useBlockAsker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => api.post<void>(`/api/questions/${encodeURIComponent(questionId)}/block-asker`),
    onSuccess: () => refreshAfterBlockAsker(queryClient),
  });
}

function refreshAfterBlockAsker(queryClient: QueryClient) {
  for (const queryKey of [questionKeys.all, counterKeys.all, safetyKeys.all, blockKeys.all, feedKeys.all, friendKeys.all, profileKeys.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Unblocks an anonymous asker: the entry leaves the list at once. */
export function useUnblockAsker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => api.delete<void>(`/api/me/blocked-askers/${encodeURIComponent(entryId)}`),
    onMutate: (entryId) => {
      queryClient.setQueryData<BlockedAskerList>(safetyKeys.blockedAskers, (old) => old && { items: old.items.filter((e) => e.id !== entryId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: safetyKeys.blockedAskers }),
  });
}

export function useMutedWords() {
  return useQuery({ queryKey: safetyKeys.mutedWords, queryFn: () => api.get<MutedWordList>('/api/me/muted-words') });
}

/** Adds or removes a muted word; the server answers with the whole list. */
export function useMutedWordChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ word, mute }: { word: string; mute: boolean }) =>
      mute ? api.post<MutedWordList>('/api/me/muted-words', { word }) : api.delete<MutedWordList>(`/api/me/muted-words/${encodeURIComponent(word)}`),
    onSuccess: (list) => queryClient.setQueryData(safetyKeys.mutedWords, list),
  });
}
