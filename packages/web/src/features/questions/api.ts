import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerQuestionInput, AskedQuestionPage, AskQuestionInput, InboxPage, InboxQuestion, InboxSelection } from '@askbox/common';
import { api, ApiError } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { markStale } from '../../api/staleAfter';
import { uploadAnswerPicture } from '../answerExtras/api';
import { profileKeys } from '../profiles/api';

const all = queryRoots.questions;

export const questionKeys = {
  all,
  inbox: [...all, 'inbox'] as const,
  asked: [...all, 'asked'] as const,
};

/** The questions the viewer asked, newest first, 20 a page ('Questions I asked'). */
export function useAskedQuestions() {
  return useInfiniteQuery({
    queryKey: questionKeys.asked,
    queryFn: ({ pageParam }) => api.get<AskedQuestionPage>(`/api/me/questions-asked${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const selectionQuery = ({ filter, q }: InboxSelection) => `filter=${filter}&q=${encodeURIComponent(q)}`;

/** Unanswered questions received, newest first, 20 a page; narrowed by a filter and search words. */
export function useInbox(selection: InboxSelection = { filter: 'all', q: '' }) {
  return useInfiniteQuery({
    queryKey: [...questionKeys.inbox, selection],
    queryFn: ({ pageParam }) => api.get<InboxPage>(`/api/me/inbox?${selectionQuery(selection)}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAskQuestion(receiverUsername: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AskQuestionInput) => api.postOnce<{ id: string }>(`/api/users/${encodeURIComponent(receiverUsername)}/questions`, input),
    onSuccess: () => markStale(queryClient, 'questionAsked'),
    // a refusal that arose since the profile was loaded: the profile says it from now on
    onError: (error) => {
      if (error instanceof ApiError && (error.code === 'inbox_paused' || error.code === 'asker_not_allowed'))
        void queryClient.invalidateQueries({ queryKey: profileKeys.profile(receiverUsername), exact: true });
    },
  });
}

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    // a picture is stored first, then the answer sends it with its alt text (decision 316)
    mutationFn: async ({ id, picture, ...body }: Omit<AnswerQuestionInput, 'picture'> & { id: string; picture?: { alt: string; file: File } }) => {
      if (picture) await uploadAnswerPicture(id, picture.file);
      return api.postOnce<void>(`/api/questions/${encodeURIComponent(id)}/answer`, picture ? { ...body, picture: { alt: picture.alt } } : body);
    },
    onSuccess: () => markStale(queryClient, 'answered'),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/questions/${encodeURIComponent(id)}`),
    onSuccess: () => markStale(queryClient, 'questionDeleted'),
  });
}

/** Deletes every question of a selection up to the newest one shown (decision 262). */
export function useDeleteInboxSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ selection, newest }: { selection: InboxSelection; newest: Pick<InboxQuestion, 'id' | 'createdAt'> }) =>
      api.delete<{ count: number }>(
        `/api/me/inbox?${selectionQuery(selection)}&throughId=${encodeURIComponent(newest.id)}&throughAt=${encodeURIComponent(newest.createdAt)}`,
      ),
    onSettled: () => markStale(queryClient, 'questionDeleted'),
  });
}

/** How long 'Undo' is offered before the deletion is sent. */
export const UNDO_MS = 5_000;

interface Pending {
  selection: InboxSelection;
  newest: Pick<InboxQuestion, 'id' | 'createdAt'>;
}

/**
 * 'Delete all' with Undo (decision 262): the questions are hidden at once and the deletion is
 * sent when the Undo time is over, or at once when the screen goes away; Undo just forgets it.
 */
export function useUndoableDelete(options: { onError: () => void }) {
  const remove = useDeleteInboxSelection();
  const [pending, setPending] = useState<Pending | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<Pending | null>(null);
  const send = useRef<(p: Pending) => void>(() => undefined);
  send.current = (p) => remove.mutate(p, { onError: options.onError, onSettled: () => setPending(null) });

  const start = (p: Pending) => {
    clearTimeout(timer.current);
    latest.current = p;
    setPending(p);
    timer.current = setTimeout(() => {
      latest.current = null;
      send.current(p);
    }, UNDO_MS);
  };
  const undo = () => {
    clearTimeout(timer.current);
    latest.current = null;
    setPending(null);
  };
  // leaving the screen does not lose the deletion the user chose
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (latest.current) send.current(latest.current);
    },
    [],
  );
  /** Whether a question is hidden by a deletion not yet sent (it is in the list being deleted). */
  const hides = (question: InboxQuestion) => pending !== null && new Date(question.createdAt) <= new Date(pending.newest.createdAt);
  return { start, undo, pending, hides };
}
