import { useQueryClient } from '@tanstack/react-query';
import type { LikeState, Post } from '@askbox/common';
import { api } from '../../api/client';
import { findCachedPost, invalidatePostLists, updateCachedPost } from '../answers/postCaches';

/**
 * Per post: the state the user last asked for and whether a request is on its way. Rapid taps
 * only flip `wanted`; one request runs at a time and a follow-up is sent if the user changed
 * their mind meanwhile, so the server always ends on the last tap.
 */
const pending = new Map<string, { wanted: boolean; running: boolean }>();

/** Optimistic like toggle, reconciled with the server's exact count (spec §4). */
export function useToggleLike() {
  const queryClient = useQueryClient();

  const show = (postId: string, liked: boolean, likeCount?: number) =>
    updateCachedPost(queryClient, postId, (post: Post) => ({
      ...post,
      likedByViewer: liked,
      likeCount: likeCount ?? Math.max(0, post.likeCount + (liked === post.likedByViewer ? 0 : liked ? 1 : -1)),
    }));

  return async function toggleLike(postId: string): Promise<void> {
    const current = findCachedPost(queryClient, postId);
    const entry = pending.get(postId) ?? { wanted: current?.likedByViewer ?? false, running: false };
    entry.wanted = !(current?.likedByViewer ?? entry.wanted);
    pending.set(postId, entry);
    show(postId, entry.wanted);
    if (entry.running) return;

    entry.running = true;
    try {
      for (;;) {
        const target = entry.wanted;
        const url = `/api/questions/${encodeURIComponent(postId)}/like`;
        const state = target ? await api.post<LikeState>(url) : await api.delete<LikeState>(url);
        if (entry.wanted === target) {
          show(postId, state.liked, state.likeCount);
          break;
        }
      }
    } catch (error) {
      // likes fail silently (spec §8): log, and put the lists back to what the server knows
      console.error(error);
      void invalidatePostLists(queryClient);
    } finally {
      pending.delete(postId);
    }
  };
}
