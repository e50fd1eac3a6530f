import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LikeState, Post } from '@askbox/common';
import { api } from '../../api/client';
import { findCachedPost, invalidatePostLists, updateCachedPost } from '../answers/postCaches';

/**
 * Optimistic like toggling, reconciled with the server's exact count (spec §4).
 * Per post it keeps the state the user last asked for and whether a request is on its way:
 * rapid taps only flip `wanted`; one request runs at a time and a follow-up is sent if the user
 * changed their mind meanwhile, so the server always ends on the last tap.
 */
export function createLikeToggler(queryClient: QueryClient) {
  const pending = new Map<string, { wanted: boolean; running: boolean }>();

  const show = (postId: string, liked: boolean, likeCount?: number) =>
    updateCachedPost(queryClient, postId, (post: Post) => ({
      ...post,
      likedByViewer: liked,
      likeCount: likeCount ?? Math.max(0, post.likeCount + (liked === post.likedByViewer ? 0 : liked ? 1 : -1)),
    }));

  return async function toggleLike(postId: string): Promise<void> {
    const shown = findCachedPost(queryClient, postId);
    const entry = pending.get(postId) ?? { wanted: shown?.likedByViewer ?? false, running: false };
    entry.wanted = !(shown?.likedByViewer ?? entry.wanted);
    pending.set(postId, entry);
    show(postId, entry.wanted);
    if (entry.running) return;

    entry.running = true;
    try {
      let state: LikeState;
      for (;;) {
        const target = entry.wanted;
        const url = `/api/questions/${encodeURIComponent(postId)}/like`;
        state = target ? await api.post<LikeState>(url) : await api.delete<LikeState>(url);
        if (entry.wanted === target) break;
      }
      show(postId, state.liked, state.likeCount);
      // the owner's 'Likes' counter on their profile changed (not their answers list: it is up to date)
      const owner = findCachedPost(queryClient, postId)?.receiver.username;
      if (owner) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'profile' && q.queryKey[1] === owner && q.queryKey[2] !== 'answers' });
    } catch (error) {
      // likes fail silently (spec §8): log, and put the lists back to what the server knows
      console.error(error);
      void invalidatePostLists(queryClient);
    } finally {
      pending.delete(postId);
    }
  };
}

/** One toggler per query client, so every like button shares the per-post bookkeeping. */
const togglers = new WeakMap<QueryClient, ReturnType<typeof createLikeToggler>>();

export function useToggleLike() {
  const queryClient = useQueryClient();
  let toggler = togglers.get(queryClient);
  if (!toggler) {
    toggler = createLikeToggler(queryClient);
    togglers.set(queryClient, toggler);
  }
  return toggler;
}
