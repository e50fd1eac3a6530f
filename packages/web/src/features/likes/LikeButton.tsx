import { Heart } from 'lucide-react';
import type { Post } from '@askbox/common';
import { messages } from '@askbox/common';
import { useToggleLike } from './api';
import styles from './LikeButton.module.css';

/** Heart with the like count: filled when the viewer liked the answer; toggles optimistically. */
export function LikeButton({ post }: { post: Post }) {
  const toggleLike = useToggleLike();
  return (
    <button
      type="button"
      className={styles.like}
      aria-pressed={post.likedByViewer}
      aria-label={`${messages.like} (${post.likeCount})`}
      onClick={() => void toggleLike(post.id)}
    >
      <Heart size={20} aria-hidden fill={post.likedByViewer ? 'currentColor' : 'none'} className={post.likedByViewer ? styles.liked : undefined} />
      <span>{post.likeCount}</span>
    </button>
  );
}
