import { useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { badgeText } from '@askbox/common';
import { useNewAnswersCount } from './api';
import styles from './NewAnswersPill.module.css';
import { t } from '../../i18n';
import { scrollBehavior } from '../../components/motion';

/** How long the pill's exit animation (and the scroll to the top) runs before the feed reloads. */
const RELOAD_ANIMATION_MS = 400;

/**
 * 'New answers' with their count; tapping scrolls to the top, then reloads the feed. Over a list it
 * floats (the answers scroll under it); `inFlow`, with nothing under it to float over (an empty
 * feed), it takes its own room so it covers no text.
 */
export function NewAnswersPill({ since, onReload, inFlow = false }: { since: string; onReload(): void; inFlow?: boolean }) {
  const { data: count = 0 } = useNewAnswersCount(since);
  const [leaving, setLeaving] = useState(false);
  if (count === 0) return null;

  const onClick = () => {
    if (leaving) return;
    setLeaving(true);
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    setTimeout(() => {
      setLeaving(false);
      onReload();
    }, RELOAD_ANIMATION_MS);
  };

  return (
    <div className={`${styles.anchor} ${inFlow ? styles.inFlow : ''}`}>
      <button type="button" className={`${styles.pill} ${leaving ? styles.leaving : ''}`} onClick={onClick}>
        <ArrowUp size={16} aria-hidden />
        {t('newAnswers')}
        <span className={styles.count}>{badgeText(count)}</span>
      </button>
    </div>
  );
}
