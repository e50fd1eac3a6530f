import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostPage } from '@askbox/common';
import { api } from '../../api/client';
import { questionKeys } from '../questions/api';
import { removeCachedPost } from './postCaches';

export const answerKeys = {
  /** Answers of one profile; under ['profile', username] so profile invalidations reach them. */
  ofProfile: (username: string) => ['profile', username.toLowerCase(), 'answers'] as const,
};

export function useProfileAnswers(username: string) {
  return useInfiniteQuery({
    queryKey: answerKeys.ofProfile(username),
    queryFn: ({ pageParam }) =>
      api.get<PostPage>(`/api/users/${encodeURIComponent(username)}/answers${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The owner deletes one of their answers (its likes go with it on the server). */
export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.delete<void>(`/api/questions/${encodeURIComponent(postId)}`),
    onSuccess: (_data, postId) => {
      removeCachedPost(queryClient, postId);
      // the profile's Answers and Likes counters change
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
    },
  });
}
