import { useState } from 'react';
import { Heart } from 'lucide-react';
import type { Answer } from '@askbox/common';

import { useLikeToggle } from './api';
import styles from './LikeButton.module.css';
import { t } from '../../i18n';

/**
 * Heart with the like count: filled when the viewer liked the answer; toggles optimistically. Liking
 * bursts the heart (only when the viewer likes it now, not for answers already liked; still under
 * reduced motion, base.css).
 */
export function LikeButton({ answer }: { answer: Answer }) {
  const toggle = useLikeToggle();
  const [burst, setBurst] = useState(false);
  // a failed like is silent; the count goes back to what the server knows
  const onClick = () => {
    setBurst(!answer.likedByViewer);
    toggle.mutate({ key: answer.id, on: !answer.likedByViewer }, { onError: (error) => console.error('like failed', error) });
  };
  return (
    <button
      type="button"
      className={styles.like}
      aria-pressed={answer.likedByViewer}
      aria-label={t('likeWithCount', { count: answer.likeCount })}
      onClick={onClick}
    >
      <span className={`${styles.heart} ${burst && answer.likedByViewer ? styles.burst : ''}`} onAnimationEnd={() => setBurst(false)}>
        <Heart size={20} aria-hidden fill={answer.likedByViewer ? 'currentColor' : 'none'} />
      </span>
      <span>{answer.likeCount}</span>
    </button>
  );
}
