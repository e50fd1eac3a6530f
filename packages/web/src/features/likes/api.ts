import type { QueryClient } from '@tanstack/react-query';
import type { LikeState } from '@askbox/common';
import { api } from '../../api/client';
import { useToggleMutation, type Toggle } from '../../api/toggleQueue';
import { findCachedAnswer, invalidateAnswerLists, invalidateProfilesExceptAnswers, updateCachedAnswer } from '../answers/api';
import { profileKeys } from '../profiles/api';

/** Likes: shown at once in every cached copy of the answer, then the server's exact count. */
export function likeToggle(queryClient: QueryClient): Toggle<LikeState> {
  const show = (answerId: string, liked: boolean, likeCount?: number) =>
    updateCachedAnswer(queryClient, answerId, (answer) => ({
      ...answer,
      likedByViewer: liked,
      likeCount: likeCount ?? Math.max(0, answer.likeCount + (liked === answer.likedByViewer ? 0 : liked ? 1 : -1)),
    }));
  return {
    show: (answerId, liked) => show(answerId, liked),
    send: (answerId, liked) => {
      const url = `/api/answers/${encodeURIComponent(answerId)}/like`;
      return liked ? api.post<LikeState>(url) : api.delete<LikeState>(url);
    },
    reconcile: (answerId, state) => {
      show(answerId, state.liked, state.likeCount);
      // the owner's 'Likes' counter on their profile changed (not their answers list: it is up to date)
      const owner = findCachedAnswer(queryClient, answerId)?.receiver.username;
      if (owner) void invalidateProfilesExceptAnswers(queryClient, profileKeys.profile(owner), owner);
    },
    rollBack: (answerId, liked) => {
      show(answerId, liked);
      void invalidateAnswerLists(queryClient);
    },
  };
}

/** `mutate({ key: answerId, on: liked })`; a failed like is silent: the caller only logs it. */
export const useLikeToggle = () => useToggleMutation(likeToggle);
