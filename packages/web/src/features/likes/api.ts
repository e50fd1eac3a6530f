import type { QueryClient } from '@tanstack/react-query';
import type { LikeState } from '@askbox/common';
import { api } from '../../api/client';
import { useToggleMutation, type Toggle } from '../../api/toggleQueue';
import { findCachedAnswer, invalidateAnswerLists, invalidateProfilesExceptAnswers, updateCachedAnswer } from '../answers/api';
import { profileKeys } from '../profiles/api';

/** Likes: shown at once in every cached copy of the post, then the server's exact count. */
export function likeToggle(queryClient: QueryClient): Toggle<LikeState> {
  const show = (postId: string, liked: boolean, likeCount?: number) =>
    updateCachedAnswer(queryClient, postId, (post) => ({
      ...post,
      likedByViewer: liked,
      likeCount: likeCount ?? Math.max(0, post.likeCount + (liked === post.likedByViewer ? 0 : liked ? 1 : -1)),
    }));
  return {
    show: (postId, liked) => show(postId, liked),
    send: (postId, liked) => {
      const url = `/api/answers/${encodeURIComponent(postId)}/like`;
      return liked ? api.post<LikeState>(url) : api.delete<LikeState>(url);
    },
    reconcile: (postId, state) => {
      show(postId, state.liked, state.likeCount);
      // the owner's 'Likes' counter on their profile changed (not their answers list: it is up to date)
      const owner = findCachedAnswer(queryClient, postId)?.receiver.username;
      if (owner) void invalidateProfilesExceptAnswers(queryClient, profileKeys.profile(owner), owner);
    },
    rollBack: (postId, liked) => {
      show(postId, liked);
      void invalidateAnswerLists(queryClient);
    },
  };
}

/** `mutate({ key: postId, on: liked })`; a failed like is silent: the caller only logs it. */
export const useLikeToggle = () => useToggleMutation(likeToggle);
