import { MessageCircle } from 'lucide-react';
import type { Answer } from '@askbox/common';
import styles from './Replies.module.css';
import { t } from '../../i18n';

/** The reply count on an answer card; opens and closes the thread under it. */
export function RepliesButton({ answer, open, controls, onToggle }: { answer: Answer; open: boolean; controls: string; onToggle(): void }) {
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={t('repliesWithCount', { count: answer.replyCount })}
      onClick={onToggle}
    >
      <MessageCircle size={20} aria-hidden />
      <span>{answer.replyCount}</span>
    </button>
  );
}
