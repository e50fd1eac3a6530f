import { useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { badgeText } from '@askbox/common';
import { useNewAnswersCount } from './api';
import styles from './NewAnswersPill.module.css';
import { t } from '../../i18n';
import { MOTION_MS, reducedMotion, scrollBehavior } from '../../components/motion';

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
    // the pill's exit animation (and the scroll to the top) first, unless motion is reduced
    setTimeout(
      () => {
        setLeaving(false);
        onReload();
      },
      reducedMotion() ? 0 : MOTION_MS,
    );
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
